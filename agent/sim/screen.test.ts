import jpeg from "jpeg-js";
import { describe, expect, it } from "vitest";
import { renderSimScreen, simScreenshotJpeg } from "./screen.ts";
import { virtualMachine } from "./simulator.ts";

const AT = Date.parse("2026-11-29T10:00:00Z");
const decode = (base64: string) => jpeg.decode(Buffer.from(base64, "base64"), { useTArray: true });
const mean = (rgba: Uint8Array) => {
  let sum = 0;
  for (let i = 0; i < rgba.length; i += 4) sum += (rgba[i] ?? 0) + (rgba[i + 1] ?? 0) + (rgba[i + 2] ?? 0);
  return sum / (rgba.length / 4) / 3;
};
const differs = (a: Uint8Array, b: Uint8Array) => a.some((v, i) => v !== b[i]);

describe("the simulator's rendered screens", () => {
  it("a screenshot is a real 960×540 JPEG of a page, not a placeholder", () => {
    const base64 = simScreenshotJpeg({ kind: "playing", title: "ZG Kiosk 1", subtitle: "Menu board", at: AT });
    const bytes = Buffer.from(base64, "base64");
    expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect(bytes.length).toBeGreaterThan(5_000);
    expect(bytes.length).toBeLessThan(120_000);
    const image = decode(base64);
    expect([image.width, image.height]).toEqual([960, 540]);
    expect(mean(image.data)).toBeGreaterThan(60);
  });

  it("a playing page changes from one second to the next; a frozen one is the same frame", () => {
    const at = (ms: number) => renderSimScreen({ kind: "playing", title: "T", at: ms }).rgba;
    expect(differs(at(AT), at(AT + 1000))).toBe(true);
    const frozen = renderSimScreen({ kind: "frozen", title: "T", at: AT }).rgba;
    expect(differs(frozen, renderSimScreen({ kind: "frozen", title: "T", at: AT }).rgba)).toBe(false);
  });

  it("black is black, and an error page is mostly light", () => {
    expect(mean(renderSimScreen({ kind: "black", title: "T", at: AT }).rgba)).toBe(0);
    expect(mean(renderSimScreen({ kind: "error", title: "T", at: AT }).rgba)).toBeGreaterThan(200);
  });

  it("the simulated device answers a screenshot with its rendered screen", async () => {
    const machine = virtualMachine(
      { uuid: "3b1f4c1e-5d7a-4e8e-9a51-1c2d3e4f5a6b", name: "Sim Screen", space_uuid: "s", credential: "c" },
      () => {},
      { instant: true, now: () => AT },
    );
    const reply = await machine.execute({ id: "c1", action: "screenshot", params: {} } as never);
    expect(reply.ok).toBe(true);
    const image = decode((reply as unknown as { result: { image_base64: string } }).result.image_base64);
    expect([image.width, image.height]).toEqual([960, 540]);
  });
});
