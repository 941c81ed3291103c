import { describe, expect, it } from "vitest";
import { ViewOnlyRfbFilter } from "../../worker/services/sessions/rfb-input.ts";

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...new TextEncoder().encode(p)] : p)));

const HANDSHAKE = bytes("RFB 003.008\n", [2], new Array(16).fill(7), [1]);
const FB_REQUEST = [3, 1, 0, 0, 0, 0, 4, 0, 3, 0];
const KEY = [4, 1, 0, 0, 0, 0, 0, 0x61];
const POINTER = [5, 1, 0, 10, 0, 20];
const ENCODINGS = [2, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 1];

describe("a view-only desktop's RFB input", () => {
  it("lets the handshake and what watching needs through; drops keys, pointer and clipboard", () => {
    const filter = new ViewOnlyRfbFilter();
    const all = bytes(
      HANDSHAKE.length ? [...HANDSHAKE] : [],
      ENCODINGS,
      KEY,
      FB_REQUEST,
      POINTER,
      [6, 0, 0, 0, 0, 0, 0, 2, 104, 105],
    );
    // Split at every byte boundary: messages spanning frames are read the same.
    const out: number[] = [];
    for (let i = 0; i < all.length; i += 3) {
      const verdict = filter.push(all.subarray(i, i + 3));
      if (verdict.refuse !== undefined) throw new Error(verdict.refuse);
      out.push(...verdict.pass);
    }
    expect(out).toEqual([...HANDSHAKE, ...ENCODINGS, ...FB_REQUEST]);
  });

  it("refuses what it cannot measure: another security type, an unknown message, RFB 3.3", () => {
    expect(new ViewOnlyRfbFilter().push(bytes("RFB 003.008\n", [19])).refuse).toMatch(/security type 19/);
    const unknown = new ViewOnlyRfbFilter();
    expect(unknown.push(bytes("RFB 003.008\n", [1], [1], [150, 0])).refuse).toMatch(/message 150/);
    expect(new ViewOnlyRfbFilter().push(bytes("RFB 003.003\n")).refuse).toBeDefined();
  });
});
