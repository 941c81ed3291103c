import { describe, expect, it } from "vitest";
import { CAPTURE_MAX_BYTES } from "../../contracts/display-health/schema.ts";
import { renderSimScreen, type SimScreen } from "../sim/screen.ts";
import { decodeJpeg, encodeCapture } from "./capture.ts";
import { type ClassifyInput, classify, hamming, measure, type Rgba } from "./classify.ts";
import { panelState, parseCecPower } from "./connector.ts";

const at = Date.UTC(2026, 10, 2, 10, 0, 0);
const screen = (kind: SimScreen["kind"], t = at): Rgba =>
  renderSimScreen({ kind, title: "Lobby", subtitle: "menu", at: t });
const base: Omit<ClassifyInput, "metrics"> = { panel: "unknown", scheduledOff: false, isStatic: false, app: "running" };

/** A dark-themed page with some text: must never be "black". */
function darkPage(): Rgba {
  const width = 480;
  const height = 270;
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) rgba.set([14, 16, 20, 255], i * 4);
  for (let line = 0; line < 6; line++)
    for (let y = 40 + line * 30; y < 52 + line * 30; y++)
      for (let x = 30; x < 300; x++) if ((x >> 2) % 3 !== 0) rgba.set([200, 200, 210, 255], (y * width + x) * 4);
  return { width, height, rgba };
}

describe("display health classification", () => {
  it("tells playing, frozen, black, error page and dark content apart", () => {
    const p1 = measure(screen("playing", at));
    const p2 = measure(screen("playing", at + 300_000), p1);
    expect(classify({ ...base, metrics: p2 }).state).toBe("showing");

    const f1 = measure(screen("frozen", at), p2);
    const f2 = measure(screen("frozen", at), f1);
    expect(classify({ ...base, metrics: f2 }).state).toBe("frozen");
    expect(classify({ ...base, isStatic: true, metrics: f2 }).state).toBe("showing");

    expect(classify({ ...base, metrics: measure(screen("black")) }).state).toBe("black");
    expect(classify({ ...base, scheduledOff: true, metrics: measure(screen("black")) }).state).toBe(
      "panel_off_scheduled",
    );
    expect(classify({ ...base, metrics: measure(screen("error")) })).toMatchObject({ state: "wrong_content" });
    expect(classify({ ...base, app: "crashed", metrics: measure(screen("desktop")) }).state).toBe("wrong_content");

    const dark = measure(darkPage());
    expect(dark.error_like).toBe(false);
    expect(classify({ ...base, metrics: dark }).state).toBe("showing");
  });

  it("follows the connector first", () => {
    const m = measure(screen("playing"));
    expect(classify({ ...base, panel: "no_signal", metrics: null }).state).toBe("unplugged");
    expect(classify({ ...base, panel: "off", metrics: m }).state).toBe("panel_off_unexpected");
    expect(classify({ ...base, panel: "off", scheduledOff: true, metrics: m }).state).toBe("panel_off_scheduled");
  });

  it("reads DRM, xrandr and CEC into a panel state", () => {
    expect(parseCecPower("opening a connection...\npower status: standby\n")).toBe("standby");
    expect(parseCecPower("power status: on")).toBe("on");
    const off = { name: "HDMI-A-1", status: "disconnected" as const, enabled: false, edid: false };
    expect(panelState({ display: "HDMI-1", drm: [off] })).toBe("no_signal");
    expect(panelState({ display: "HDMI-1", drm: [{ ...off, status: "connected", enabled: true, edid: true }] })).toBe(
      "on",
    );
    expect(panelState({ display: "HDMI-1", cec: "standby" })).toBe("off");
    expect(panelState({ display: "screen" })).toBe("unknown");
  });

  it("encodes a capture under 50 KB that still measures the same", () => {
    const img = screen("playing");
    const jpeg = encodeCapture(img);
    expect(jpeg.length).toBeLessThanOrEqual(CAPTURE_MAX_BYTES);
    const back = decodeJpeg(jpeg);
    expect(back.width).toBe(480);
    expect(hamming(measure(back).dhash, measure(img).dhash)).toBeLessThanOrEqual(4);
  });
});
