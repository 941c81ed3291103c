import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, isChunkLoadError, withChunkTimeout } from "./chunk-load";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("withChunkTimeout (console.md §9)", () => {
  it("is 120 s", () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it("hands over a chunk that arrives in time", async () => {
    const load = withChunkTimeout(() => Promise.resolve({ Page: "page" }));
    await expect(load()).resolves.toEqual({ Page: "page" });
  });

  it("rejects with a timeout ChunkLoadError when the chunk takes longer than 120 s", async () => {
    let arrive: (module: string) => void = () => {};
    const load = withChunkTimeout(() => new Promise<string>((resolve) => (arrive = resolve)));
    const result = load();
    const settled = vi.fn();
    result.then(settled, settled);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ reason: "timeout" });
    // A late arrival changes nothing.
    arrive("late");
    await expect(result).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it("turns a failed import (its hashed file replaced by a deploy) into a failed ChunkLoadError", async () => {
    const cause = new TypeError("Failed to fetch dynamically imported module: https://x/assets/devices-abc123.js");
    const load = withChunkTimeout(() => Promise.reject(cause));
    const error = await load().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ reason: "failed", cause });
    expect(isChunkLoadError(error)).toBe(true);
    // The timer is gone: nothing fires later.
    expect(vi.getTimerCount()).toBe(0);
  });

  it("starts a new attempt on every call (a route visited again retries)", async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce("ok");
    const load = withChunkTimeout(importer);
    await expect(load()).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(load()).resolves.toBe("ok");
    expect(importer).toHaveBeenCalledTimes(2);
  });
});

describe("isChunkLoadError", () => {
  it("knows the browsers' failed-import texts and Vite's preload failure", () => {
    for (const message of [
      "Failed to fetch dynamically imported module: /assets/a.js",
      "error loading dynamically imported module: /assets/a.js",
      "Importing a module script failed.",
      "Unable to preload CSS for /assets/a.css",
    ]) {
      expect(isChunkLoadError(new TypeError(message))).toBe(true);
    }
  });

  it("leaves other errors alone", () => {
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
