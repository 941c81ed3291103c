import { describe, expect, it } from "vitest";
import { parseRfbRecording } from "./rfb-replay";

const piece = (ms: number, dir: number, bytes: number[]) => {
  const out = new Uint8Array(9 + bytes.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, ms);
  view.setUint8(4, dir);
  view.setUint32(5, bytes.length);
  out.set(bytes, 9);
  return [...out];
};

describe("a desktop recording's pieces", () => {
  it("reads each piece's time, direction and bytes; a piece cut short is left out", () => {
    const all = Uint8Array.from([
      ...piece(0, 0, [82, 70, 66]),
      ...piece(15, 1, [1]),
      ...piece(40, 0, [9, 9]).slice(0, 10),
    ]);
    const pieces = parseRfbRecording(all.buffer);
    expect(pieces.map((p) => [p.at, p.fromDevice, [...p.data]])).toEqual([
      [0, true, [82, 70, 66]],
      [15, false, [1]],
    ]);
  });
});
