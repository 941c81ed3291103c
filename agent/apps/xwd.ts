/**
 * Reads an XWD image (X Window Dump: what `xwd` writes and what Xvfb -fbdir keeps its
 * framebuffer in) of a 24/32-bit TrueColor screen: the capture of one X display without
 * ImageMagick or ffmpeg. The header is 25 big-endian 32-bit fields, then the window name, then
 * the colour map (12 bytes per entry), then the pixels row by row.
 */
export type XwdImage = { width: number; height: number; pixel: (x: number, y: number) => [number, number, number] };

export function readXwd(data: Buffer): XwdImage {
  if (data.length < 100) throw new Error("Not an XWD image: too short.");
  const field = (i: number) => data.readUInt32BE(i * 4);
  const [headerSize, version] = [field(0), field(1)];
  if (version !== 7) throw new Error(`Not an XWD image (version ${version}).`);
  const width = field(4);
  const height = field(5);
  const byteOrder = field(7);
  const bitsPerPixel = field(11);
  const bytesPerLine = field(12);
  const [redMask, greenMask, blueMask] = [field(14), field(15), field(16)];
  const colours = field(19);
  if (bitsPerPixel !== 32 && bitsPerPixel !== 24) throw new Error(`Unsupported XWD depth (${bitsPerPixel} bits).`);
  const start = headerSize + colours * 12;
  const bytes = bitsPerPixel / 8;
  const shift = (mask: number) => (mask ? 31 - Math.clz32(mask & -mask) : 0);
  const channel = (value: number, mask: number) => ((value & mask) >>> shift(mask)) & 0xff;
  return {
    width,
    height,
    pixel: (x, y) => {
      const at = start + y * bytesPerLine + x * bytes;
      let value = 0;
      for (let i = 0; i < bytes; i++) {
        // byteOrder 0: least significant byte first.
        value |= data[at + i] << (8 * (byteOrder === 0 ? i : bytes - 1 - i));
      }
      value >>>= 0;
      return [channel(value, redMask), channel(value, greenMask), channel(value, blueMask)];
    },
  };
}
