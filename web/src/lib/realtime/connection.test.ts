import { describe, expect, it, vi } from "vitest";

vi.mock("@tanstack/react-query", () => ({ onlineManager: { setOnline: vi.fn() } }));
const { createConnectionMonitor, PROBE_MS, SOCKET_GRACE_MS } = await import("./connection");

/** A monitor on fake timers, whose probe answers `up`. */
function monitor(up: { value: boolean }) {
  let now = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  let next = 0;
  const m = createConnectionMonitor({
    probe: async () => up.value,
    setTimer: (run, ms) => {
      timers.set(++next, { at: now + ms, run });
      return next;
    },
    clearTimer: (id) => timers.delete(id as number),
    now: () => now,
  });
  const advance = async (ms: number) => {
    now += ms;
    for (const [id, timer] of [...timers]) {
      if (timer.at <= now) {
        timers.delete(id);
        timer.run();
      }
    }
    await Promise.resolve();
    await Promise.resolve();
  };
  return { m, advance, pending: () => timers.size };
}

describe("connection monitor", () => {
  it("stays connected when a failed request was the network's hiccup (the probe answers)", async () => {
    const { m, pending } = monitor({ value: true });
    expect(await m.check()).toBe(true);
    expect(m.get()).toEqual({ lost: false, since: null });
    expect(pending()).toBe(0);
  });

  it("is lost while the server does not answer, probes every PROBE_MS, and is back by itself", async () => {
    const up = { value: false };
    const { m, advance } = monitor(up);
    const back = vi.fn();
    m.onBack(back);
    await advance(1000);
    expect(await m.check()).toBe(false);
    expect(m.get()).toEqual({ lost: true, since: 1000 });
    await advance(PROBE_MS);
    expect(m.get().lost).toBe(true);
    up.value = true;
    await advance(PROBE_MS);
    expect(m.get()).toEqual({ lost: false, since: null });
    expect(back).toHaveBeenCalledTimes(1);
  });

  it("reads a socket close as news only when it lasts, and its reopening as the server back", async () => {
    const up = { value: false };
    const { m, advance } = monitor(up);
    m.socketClosed();
    m.socketOpen();
    await advance(SOCKET_GRACE_MS);
    expect(m.get().lost).toBe(false);
    m.socketClosed();
    await advance(SOCKET_GRACE_MS);
    expect(m.get().lost).toBe(true);
    m.socketOpen();
    expect(m.get().lost).toBe(false);
  });
});
