import { describe, expect, it } from "vitest";
import { batchWriter } from "../../worker/rooms/batch-writer.ts";

const tick = () => new Promise((r) => setTimeout(r, 5));

describe("batchWriter", () => {
  it("writes what arrives during a write as the next batch, in order, one write at a time", async () => {
    const batches: number[][] = [];
    let inFlight = 0;
    let most = 0;
    const writer = batchWriter<number>(async (items) => {
      inFlight++;
      most = Math.max(most, inFlight);
      batches.push(items);
      await tick();
      inFlight--;
    });
    const first = writer.push(1);
    const rest = [2, 3, 4, 5].map((n) => writer.push(n));
    await Promise.all([first, ...rest]);
    expect(batches).toEqual([[1], [2, 3, 4, 5]]);
    expect(most).toBe(1);
  });

  it("caps a batch at max and resolves each push once its own batch is written", async () => {
    const batches: number[][] = [];
    const writer = batchWriter<number>(
      async (items) => {
        batches.push(items);
        await tick();
      },
      { max: 2 },
    );
    const done: number[] = [];
    await Promise.all([1, 2, 3, 4, 5].map((n) => writer.push(n).then(() => done.push(n))));
    expect(batches.flat()).toEqual([1, 2, 3, 4, 5]);
    expect(batches.every((b) => b.length <= 2)).toBe(true);
    expect(done).toEqual([1, 2, 3, 4, 5]);
  });

  it("goes on after a failed write and never rejects the pusher", async () => {
    const written: number[] = [];
    const writer = batchWriter<number>(async (items) => {
      if (items.includes(1)) throw new Error("D1 is down");
      written.push(...items);
    });
    await expect(writer.push(1)).resolves.toBeUndefined();
    await writer.push(2);
    await writer.idle();
    expect(written).toEqual([2]);
  });
});
