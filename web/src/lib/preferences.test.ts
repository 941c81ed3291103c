import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setShowRemoteFailures, showRemoteFailures } from "./preferences";
import { storageKeys } from "./storage";

/** A localStorage for plain Node. */
function fakeStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

describe("Show failures of remote actions (issue 17)", () => {
  let storage: ReturnType<typeof fakeStorage>;
  beforeEach(() => {
    storage = fakeStorage();
    vi.stubGlobal("localStorage", storage);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("is off by default and remembered locally like the theme", () => {
    expect(showRemoteFailures()).toBe(false);
    setShowRemoteFailures(true);
    expect(storage.items.get(storageKeys.remoteFailures)).toBe("1");
    expect(showRemoteFailures()).toBe(true);
    setShowRemoteFailures(false);
    expect(storage.items.has(storageKeys.remoteFailures)).toBe(false);
    expect(showRemoteFailures()).toBe(false);
  });

  it("is off when storage cannot be read", () => {
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new Error("denied");
      },
    });
    expect(showRemoteFailures()).toBe(false);
  });
});
