import { describe, expect, it } from "vitest";
import type { Command } from "../../contracts/realtime.ts";
import { CommandBroker, TIMEOUT_MESSAGE, type Timers, UNAVAILABLE_MESSAGE } from "../../party/broker.ts";

/** Timers driven by hand: tick(ms) fires what is due. */
function manualTimers() {
  let now = 0;
  const jobs = new Map<number, { at: number; fn: () => void }>();
  let next = 1;
  const timers: Timers = {
    set: (fn, ms) => {
      jobs.set(next, { at: now + ms, fn });
      return next++;
    },
    clear: (h) => {
      jobs.delete(h as number);
    },
  };
  const tick = (ms: number) => {
    now += ms;
    for (const [id, job] of [...jobs]) {
      if (job.at <= now) {
        jobs.delete(id);
        job.fn();
      }
    }
  };
  return { timers, tick, jobs };
}

const cmd = (id: string): Command => ({ type: "command", id, action: "screenshot", params: {} });

function setup(connected = true) {
  const sent: Command[] = [];
  const updates: string[] = [];
  const clock = manualTimers();
  const broker = new CommandBroker({
    send: (c) => {
      if (connected) sent.push(c);
      return connected;
    },
    onUpdate: (c, status) => updates.push(`${c.id}:${status}`),
    timers: clock.timers,
  });
  return { broker, sent, updates, clock };
}

describe("CommandBroker", () => {
  it("forwards a command and settles it with the agent's reply", async () => {
    const { broker, sent, updates } = setup();
    const { promise, forwarded } = broker.request(cmd("a"));
    expect(forwarded).toBe(true);
    expect(sent).toHaveLength(1);
    expect(broker.ack("a")).toBe(true);
    expect(broker.settle({ id: "a", ok: true, result: { url: "x" } })).toBe(true);
    await expect(promise).resolves.toEqual({ status: "succeeded", result: { url: "x" }, received: true });
    expect(updates).toEqual(["a:pending", "a:received", "a:succeeded"]);
    expect(broker.pendingCount).toBe(0);
  });

  it("reports an agent error as failed", async () => {
    const { broker } = setup();
    const { promise } = broker.request(cmd("e"));
    broker.settle({ id: "e", ok: false, error: "no grabber" });
    await expect(promise).resolves.toMatchObject({ status: "failed", error: "no grabber" });
  });

  it("times out after 30 000 ms with the spec's message", async () => {
    const { broker, clock } = setup();
    const { promise } = broker.request(cmd("t"));
    clock.tick(29_999);
    expect(broker.pendingCount).toBe(1);
    clock.tick(1);
    await expect(promise).resolves.toMatchObject({ status: "timed_out", error: TIMEOUT_MESSAGE });
    expect(broker.settle({ id: "t", ok: true })).toBe(false);
  });

  it("never forwards a repeated id twice, before or after it settled", async () => {
    const { broker, sent, clock } = setup();
    const first = broker.request(cmd("d"));
    const again = broker.request(cmd("d"));
    expect(again.forwarded).toBe(false);
    broker.settle({ id: "d", ok: true, result: { n: 1 } });
    await expect(again.promise).resolves.toMatchObject({ status: "succeeded" });
    await expect(first.promise).resolves.toMatchObject({ status: "succeeded" });
    const later = broker.request(cmd("d"));
    expect(later.forwarded).toBe(false);
    await expect(later.promise).resolves.toMatchObject({ result: { n: 1 } });
    expect(sent).toHaveLength(1);
    expect(clock.jobs.size).toBe(0);
  });

  it("fails pending commands when the agent disconnects mid-command", async () => {
    const { broker } = setup();
    const a = broker.request(cmd("x")).promise;
    const b = broker.request(cmd("y")).promise;
    broker.ack("x");
    expect(broker.failAll()).toBe(2);
    await expect(a).resolves.toEqual({ status: "unavailable", error: UNAVAILABLE_MESSAGE, received: true });
    await expect(b).resolves.toMatchObject({ status: "unavailable", received: false });
  });

  it("refuses at once when the command cannot be sent", async () => {
    const { broker } = setup(false);
    await expect(broker.request(cmd("o")).promise).resolves.toMatchObject({ status: "unavailable" });
  });
});
