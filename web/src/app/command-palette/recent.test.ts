import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memoryStorage } from "@/lib/session/memory-storage.test-helper";
import { storageKeys } from "@/lib/session/storage";
import { forgetRecent, RECENT_MAX, type RecentItem, readRecent, recentKey, rememberRecent, withRecent } from "./recent";

const device = (n: number): RecentItem => ({ kind: "device", id: `dev-${n}`, label: `Device ${n}` });

describe("command palette recent items", () => {
  let storage: ReturnType<typeof memoryStorage>;
  beforeEach(() => {
    storage = memoryStorage();
    vi.stubGlobal("localStorage", storage);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("keeps one list per account and space", () => {
    expect(recentKey("acc-1", "space-1")).toBe(`${storageKeys.paletteRecent}.acc-1.space-1`);
    rememberRecent(recentKey("acc-1", "space-1"), device(1));
    expect(readRecent(recentKey("acc-1", "space-1"))).toEqual([device(1)]);
    expect(readRecent(recentKey("acc-1", "space-2"))).toEqual([]);
    expect(readRecent(recentKey("acc-2", "space-1"))).toEqual([]);
  });

  it("puts the latest pick first, once, and keeps the last 8", () => {
    const key = recentKey("a", "s");
    for (let n = 1; n <= 10; n++) rememberRecent(key, device(n));
    rememberRecent(key, device(7));
    const items = readRecent(key);
    expect(items).toHaveLength(RECENT_MAX);
    expect(items.map((item) => item.id)).toEqual([
      "dev-7",
      "dev-10",
      "dev-9",
      "dev-8",
      "dev-6",
      "dev-5",
      "dev-4",
      "dev-3",
    ]);
  });

  it("tells kinds apart: a page and a device with the same id are two items", () => {
    const page: RecentItem = { kind: "page", id: "dev-1", label: "Odd page" };
    expect(withRecent([device(1)], page)).toEqual([page, device(1)]);
  });

  it("updates the label of an item picked again (renamed since)", () => {
    const renamed = { ...device(1), label: "Renamed", hint: "Munich" };
    expect(withRecent([device(2), device(1)], renamed)).toEqual([renamed, device(2)]);
  });

  it("reads a broken or foreign entry as nothing, and skips invalid items", () => {
    const key = recentKey("a", "s");
    storage.setItem(key, "{not json");
    expect(readRecent(key)).toEqual([]);
    storage.setItem(key, JSON.stringify({ kind: "device" }));
    expect(readRecent(key)).toEqual([]);
    storage.setItem(key, JSON.stringify([device(1), { kind: "spaceship", id: "x", label: "X" }, { kind: "group" }]));
    expect(readRecent(key)).toEqual([device(1)]);
  });

  it("forgets an item, and the key when none is left", () => {
    const key = recentKey("a", "s");
    rememberRecent(key, device(1));
    rememberRecent(key, device(2));
    expect(forgetRecent(key, { kind: "device", id: "dev-2" })).toEqual([device(1)]);
    forgetRecent(key, { kind: "device", id: "dev-1" });
    expect(storage.items.has(key)).toBe(false);
  });

  it("works without storage (private mode): nothing remembered, nothing thrown", () => {
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    });
    expect(rememberRecent(recentKey("a", "s"), device(1))).toEqual([device(1)]);
    expect(readRecent(recentKey("a", "s"))).toEqual([]);
  });
});
