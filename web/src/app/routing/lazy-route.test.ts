import type { ComponentType } from "react";
import { describe, expect, it } from "vitest";
import { lazyRoute } from "./lazy-route";

const Page: ComponentType = () => null;

/** A chunk whose loads the test settles one by one, in order. */
function chunkLoads() {
  const pending: { resolve: (m: { Page: ComponentType }) => void; reject: (e: Error) => void }[] = [];
  const chunk = () =>
    new Promise<{ Page: ComponentType }>((resolve, reject) => {
      pending.push({ resolve, reject });
    });
  return { chunk, pending };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe("lazyRoute: a navigation joining a load ahead (a link under the pointer)", () => {
  it("tries once more when the load ahead it joined fails: that failure may be stale", async () => {
    const { chunk, pending } = chunkLoads();
    const route = lazyRoute(chunk, (m) => m.Page);
    const ahead = route.preload();
    const navigation = route.preload(true);
    pending[0].reject(new Error("Failed to fetch dynamically imported module"));
    await expect(ahead).rejects.toThrow("Failed to fetch");
    await flush();
    expect(pending).toHaveLength(2);
    pending[1].resolve({ Page });
    await expect(navigation).resolves.toBe(Page);
    // Loaded now: every later call has it without loading again.
    await expect(route.preload(true)).resolves.toBe(Page);
    expect(pending).toHaveLength(2);
  });

  it("reports the second failure (the network is still down) and does not try a third time", async () => {
    const { chunk, pending } = chunkLoads();
    const route = lazyRoute(chunk, (m) => m.Page);
    void route.preload();
    const navigation = route.preload(true);
    pending[0].reject(new Error("first"));
    await flush();
    pending[1].reject(new Error("second"));
    await expect(navigation).rejects.toThrow("second");
    await flush();
    expect(pending).toHaveLength(2);
  });

  it("a navigation's own load that fails is reported at once (no retry)", async () => {
    const { chunk, pending } = chunkLoads();
    const route = lazyRoute(chunk, (m) => m.Page);
    const navigation = route.preload(true);
    const again = route.preload(true);
    pending[0].reject(new Error("offline"));
    await expect(navigation).rejects.toThrow("offline");
    await expect(again).rejects.toThrow("offline");
    await flush();
    expect(pending).toHaveLength(1);
  });

  it("a load ahead that succeeds is shared: the navigation loads nothing more", async () => {
    const { chunk, pending } = chunkLoads();
    const route = lazyRoute(chunk, (m) => m.Page);
    void route.preload();
    const navigation = route.preload(true);
    pending[0].resolve({ Page });
    await expect(navigation).resolves.toBe(Page);
    expect(pending).toHaveLength(1);
  });

  it("a load ahead that failed with nobody waiting is tried afresh by the next call", async () => {
    const { chunk, pending } = chunkLoads();
    const route = lazyRoute(chunk, (m) => m.Page);
    const ahead = route.preload();
    pending[0].reject(new Error("offline"));
    await expect(ahead).rejects.toThrow("offline");
    const navigation = route.preload(true);
    expect(pending).toHaveLength(2);
    pending[1].resolve({ Page });
    await expect(navigation).resolves.toBe(Page);
  });
});
