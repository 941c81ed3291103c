import jsQR from "jsqr";
import { describe, expect, it } from "vitest";
import { parseTerminalQr, qrModules, renderTerminalQr } from "./terminal-qr.ts";

const UUID = "4f6c2d1e-8a9b-4c3d-9e8f-0a1b2c3d4e5f";

/** Paints modules into an RGBA image (dark = black), `scale` pixels a module, as a camera frame. */
function image(modules: boolean[][], scale = 6) {
  const width = modules[0].length * scale;
  const height = modules.length * scale;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (const [y, row] of modules.entries())
    for (const [x, dark] of row.entries()) {
      if (!dark) continue;
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const i = ((y * scale + dy) * width + x * scale + dx) * 4;
          data[i] = data[i + 1] = data[i + 2] = 0;
        }
    }
  return { data, width, height };
}

describe("the agent's terminal QR code", () => {
  it("has a quiet zone of 4 light modules around the code", () => {
    const modules = qrModules(UUID);
    expect(modules.length).toBe(modules[0].length);
    for (const edge of [0, 1, 2, 3, modules.length - 1]) {
      expect(modules[edge].every((dark) => !dark)).toBe(true);
      expect(modules.every((row) => !row[edge])).toBe(true);
    }
    expect(modules[4][4]).toBe(true); // the finder pattern's corner
  });

  it("draws two module rows per line and reads back to the same modules", () => {
    const modules = qrModules(UUID);
    const drawn = renderTerminalQr(UUID, { color: false });
    const lines = drawn.split("\n");
    expect(lines).toHaveLength(Math.ceil(modules.length / 2));
    expect(lines.every((line) => [...line].length === modules.length)).toBe(true);
    expect(drawn).toMatch(/^[█▀▄ \n]+$/);
    expect(parseTerminalQr(drawn).slice(0, modules.length)).toEqual(modules);
  });

  it("decodes to the unclaimed device uuid, plain and in colour", () => {
    for (const color of [false, true]) {
      const drawn = renderTerminalQr(UUID, { color });
      if (color) expect(drawn.split("\n").every((line) => line.startsWith("\x1b[30;47m"))).toBe(true);
      const { data, width, height } = image(parseTerminalQr(drawn));
      expect(jsQR(data, width, height)?.data).toBe(UUID);
    }
  });
});
