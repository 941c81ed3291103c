import jpeg from "jpeg-js";
import { CAPTURE_MAX_BYTES } from "../../contracts/display-health/schema.ts";
import type { Rgba } from "./classify.ts";

/** The capture's largest size: enough to recognise a page, small enough for 7 days of history. */
export const CAPTURE_WIDTH = 480;
export const CAPTURE_HEIGHT = 270;

/** Box-filtered downscale to fit within maxW×maxH, keeping the aspect ratio (never upscales). */
export function downscale(img: Rgba, maxW = CAPTURE_WIDTH, maxH = CAPTURE_HEIGHT): Rgba {
  const ratio = Math.min(1, maxW / img.width, maxH / img.height);
  const width = Math.max(1, Math.round(img.width * ratio));
  const height = Math.max(1, Math.round(img.height * ratio));
  if (width === img.width && height === img.height) return img;
  const out = new Uint8Array(width * height * 4);
  const fx = img.width / width;
  const fy = img.height / height;
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y * fy);
    const y1 = Math.max(y0 + 1, Math.floor((y + 1) * fy));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x * fx);
      const x1 = Math.max(x0 + 1, Math.floor((x + 1) * fx));
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let yy = y0; yy < y1; yy++) {
        let i = (yy * img.width + x0) * 4;
        for (let xx = x0; xx < x1; xx++) {
          r += img.rgba[i] ?? 0;
          g += img.rgba[i + 1] ?? 0;
          b += img.rgba[i + 2] ?? 0;
          n++;
          i += 4;
        }
      }
      const o = (y * width + x) * 4;
      out[o] = r / n;
      out[o + 1] = g / n;
      out[o + 2] = b / n;
      out[o + 3] = 255;
    }
  }
  return { width, height, rgba: out };
}

/** The capture as a JPEG of at most CAPTURE_MAX_BYTES: quality 70, lowered until it fits. */
export function encodeCapture(img: Rgba): Buffer {
  const small = downscale(img);
  for (const quality of [70, 55, 40, 25]) {
    const data = jpeg.encode({ width: small.width, height: small.height, data: small.rgba }, quality).data;
    if (data.length <= CAPTURE_MAX_BYTES) return data;
  }
  const tiny = downscale(small, 240, 135);
  return jpeg.encode({ width: tiny.width, height: tiny.height, data: tiny.rgba }, 25).data;
}

/** A JPEG back to pixels (the server's checks and the tests). */
export function decodeJpeg(bytes: Uint8Array): Rgba {
  const d = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true });
  return { width: d.width, height: d.height, rgba: d.data };
}
