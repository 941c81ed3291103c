import { afterEach, describe, expect, it } from "vitest";
import type { UserRow } from "../../worker/env.ts";
import {
  type CallerRow,
  cachedCaller,
  callerReads,
  forgetAllCallers,
  forgetCallers,
  lookUpCaller,
} from "../../worker/services/access/caller-cache.ts";

/** A caller without a membership, named by `uuid`. */
const callerRow = (uuid: string): CallerRow => ({
  user: { uuid, email: `${uuid}@x.test` } as UserRow,
  membership: null,
});

/** A read that settles when the test says so, counting how often it ran. */
function heldRead(row: CallerRow | null) {
  const held = { runs: 0, settle: (_fail?: boolean) => {} };
  const read = () => {
    held.runs++;
    return new Promise<CallerRow | null>((resolve, reject) => {
      held.settle = (fail) => (fail ? reject(new Error("D1 is down")) : resolve(row));
    });
  };
  return { held, read };
}

const keepAll = () => true;
const tick = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => forgetAllCallers());

describe("one caller's requests share a lookup under way (1 000 sockets of one operator)", () => {
  it("requests that come while the caller is being read wait for that read instead of reading again", async () => {
    const { held, read } = heldRead(callerRow("u1"));
    callerReads.count = 0;
    const first = lookUpCaller("k1", read, keepAll);
    const others = Array.from({ length: 9 }, () => lookUpCaller("k1", read, keepAll));
    await tick();
    held.settle();
    const rows = await Promise.all([first, ...others]);
    expect(held.runs).toBe(1);
    expect(callerReads.count).toBe(1);
    expect(rows.map((r) => r?.user.uuid)).toEqual(Array(10).fill("u1"));
    // Each request has its own copy: one changing its row does not change another's or the cache's.
    const [a, b] = rows as CallerRow[];
    a.user.email = "changed@x.test";
    expect(b.user.email).toBe("u1@x.test");
    expect(cachedCaller("k1")?.user.email).toBe("u1@x.test");
  });

  it("a lookup that never comes back (its request was cancelled) is waited for only until the bound", async () => {
    const hung = heldRead(callerRow("stale"));
    const own = heldRead(callerRow("u2"));
    void lookUpCaller("k2", hung.read, keepAll, { waitMs: 30 });
    const joiner = lookUpCaller("k2", own.read, keepAll, { waitMs: 30 });
    await new Promise((r) => setTimeout(r, 60));
    // The joiner gave up on the hung lookup and read for itself.
    expect(own.held.runs).toBe(1);
    own.held.settle();
    expect((await joiner)?.user.uuid).toBe("u2");
    // Later requests do not join the hung lookup either.
    const later = heldRead(callerRow("u2-later"));
    forgetAllCallers();
    const next = lookUpCaller("k2", later.read, keepAll, { waitMs: 30 });
    await tick();
    expect(later.held.runs).toBe(1);
    later.held.settle();
    expect((await next)?.user.uuid).toBe("u2-later");
  });

  it("a lookup older than the bound is not joined at all", async () => {
    let clock = 1_000;
    const now = () => clock;
    const old = heldRead(callerRow("old"));
    void lookUpCaller("k3", old.read, keepAll, { waitMs: 100, now });
    clock += 100;
    const fresh = heldRead(callerRow("fresh"));
    const mine = lookUpCaller("k3", fresh.read, keepAll, { waitMs: 100, now });
    await tick();
    expect(fresh.held.runs).toBe(1);
    fresh.held.settle();
    expect((await mine)?.user.uuid).toBe("fresh");
  });

  it("after a forget (a role change, a disable) a request does not join a lookup that started before it", async () => {
    const before = heldRead(callerRow("before-change"));
    const after = heldRead(callerRow("after-change"));
    const first = lookUpCaller("k4", before.read, keepAll);
    await tick();
    forgetCallers({ user_uuid: "before-change" });
    const second = lookUpCaller("k4", after.read, keepAll);
    await tick();
    expect(after.held.runs).toBe(1);
    after.held.settle();
    before.held.settle();
    expect((await second)?.user.uuid).toBe("after-change");
    expect((await first)?.user.uuid).toBe("before-change");
    // The read from before the forget is not kept; the one after it is.
    expect(cachedCaller("k4")?.user.uuid).toBe("after-change");
  });

  it("a lookup that fails makes its joiners read for themselves; only the request that started it sees the error", async () => {
    const failing = heldRead(callerRow("never"));
    const own = heldRead(callerRow("u5"));
    const first = lookUpCaller("k5", failing.read, keepAll);
    const joiner = lookUpCaller("k5", own.read, keepAll);
    await tick();
    failing.held.settle(true);
    await expect(first).rejects.toThrow("D1 is down");
    await tick();
    expect(own.held.runs).toBe(1);
    own.held.settle();
    expect((await joiner)?.user.uuid).toBe("u5");
  });

  it("joiners get what was read even when it is not kept (a refusal), and later requests read again", async () => {
    const refusal = heldRead(null);
    const first = lookUpCaller("k6", refusal.read, keepAll);
    const joiner = lookUpCaller("k6", refusal.read, keepAll);
    await tick();
    refusal.held.settle();
    expect(await first).toBeNull();
    expect(await joiner).toBeNull();
    expect(refusal.held.runs).toBe(1);
    const again = heldRead(callerRow("u6"));
    const next = lookUpCaller("k6", again.read, keepAll);
    await tick();
    again.held.settle();
    expect((await next)?.user.uuid).toBe("u6");
    expect(again.held.runs).toBe(1);
  });

  it("different callers do not share", async () => {
    const a = heldRead(callerRow("a"));
    const b = heldRead(callerRow("b"));
    const ra = lookUpCaller("ka", a.read, keepAll);
    const rb = lookUpCaller("kb", b.read, keepAll);
    await tick();
    a.held.settle();
    b.held.settle();
    expect([(await ra)?.user.uuid, (await rb)?.user.uuid]).toEqual(["a", "b"]);
  });
});
