import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memoryStorage } from "./memory-storage.test-helper";
import { setShowRemoteFailures, showRemoteFailures } from "./preferences";
import { storageKeys } from "./storage";

describe("Show failures of remote actions", () => {
  let storage: ReturnType<typeof memoryStorage>;
  beforeEach(() => {
    storage = memoryStorage();
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
