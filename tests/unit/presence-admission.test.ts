import { describe, expect, it } from "vitest";
import {
  RETRY_AFTER_MAX_S,
  retryAfterOf,
  retryLaterDelayMs,
  retryLaterReason,
} from "../../contracts/devices/presence.ts";
import {
  ADMIT_WAIT_MS,
  admit,
  HOLD_MAX_MS,
  helloAnswered,
  holdForHello,
  MAX_WAITING,
  newAdmission,
  release,
  retrySlot,
} from "../../worker/services/devices/presence-admission.ts";

/** A clock the test moves; sleeping moves it. */
function fakeClock(start = 1_000_000) {
  let now = start;
  const advance = (ms: number) => {
    now += ms;
  };
  return { clock: () => now, sleep: async (ms: number) => advance(ms), advance };
}

describe("connect admission", () => {
  it("admits up to the limit at once; the next waits for a place and gets the first one freed", async () => {
    const t = fakeClock();
    const gate = newAdmission();
    const first = await admit(gate, 2, t.clock, t.sleep);
    await admit(gate, 2, t.clock, t.sleep);
    expect(gate.inFlight).toBe(2);
    // A third waits (polling); a place frees after 300 ms.
    const third = admit(gate, 2, t.clock, async (ms) => {
      await t.sleep(ms);
      if (t.clock() - 1_000_000 >= 300 && gate.inFlight === 2 && "admittedAt" in first)
        release(gate, first.admittedAt, t.clock());
    });
    expect(await third).toHaveProperty("admittedAt");
    expect(gate.inFlight).toBe(2);
    expect(gate.waiting).toBe(0);
  });

  it("tells a connect with no place within ADMIT_WAIT_MS when to come back: slots at the served rate", async () => {
    const t = fakeClock();
    const gate = newAdmission();
    gate.latencyMs = 1000;
    for (let i = 0; i < 4; i++) await admit(gate, 4, t.clock, t.sleep);
    const told = await admit(gate, 4, t.clock, t.sleep);
    expect(t.clock() - 1_000_000).toBeGreaterThanOrEqual(ADMIT_WAIT_MS);
    expect(told).toHaveProperty("retryAfterS");
    // Each later one gets a later slot: 4 connects a second served, a quarter slower handed out.
    const a = retrySlot(gate, 4, t.clock());
    const b = retrySlot(gate, 4, t.clock());
    expect(b - a).toBeCloseTo(1.25 / 4, 5);
    expect(gate.shed).toBe(3);
  });

  it("a burst turned away together gets consecutive slots, the first right after the running ones", () => {
    const gate = newAdmission();
    gate.latencyMs = 1000;
    gate.inFlight = 4;
    gate.waiting = 100;
    const spacing = 1.25 / 4;
    const slots = Array.from({ length: 100 }, () => retrySlot(gate, 4, 0));
    expect(slots[0]).toBeCloseTo(5 * spacing, 5);
    expect(slots[99]).toBeCloseTo(104 * spacing, 5);
  });

  it("turns away at once (no wait) when MAX_WAITING already wait", async () => {
    const t = fakeClock();
    const gate = newAdmission();
    gate.inFlight = 2;
    gate.waiting = MAX_WAITING;
    const told = await admit(gate, 2, t.clock, t.sleep);
    expect(told).toHaveProperty("retryAfterS");
    expect(t.clock()).toBe(1_000_000);
  });

  it("a room in this isolate holds its connect's place until it answers the hello", async () => {
    const t = fakeClock();
    const gate = newAdmission();
    gate.latencyMs = 100;
    const place = await admit(gate, 1, t.clock, t.sleep, "dev-1");
    // The room joins the agent before the upgrade is answered: it takes the place over.
    holdForHello(gate, "dev-1");
    t.advance(50);
    if ("admittedAt" in place) release(gate, place.admittedAt, t.clock(), "dev-1");
    expect(gate.inFlight).toBe(0);
    // Still taken: the next one waits, then is told to come back.
    expect(await admit(gate, 1, t.clock, t.sleep, "dev-2")).toHaveProperty("retryAfterS");
    // The hello is answered 1 s after admission: the place frees and that time is learned.
    helloAnswered(gate, "dev-1", 1_000_000 + 1000);
    expect(gate.latencyMs).toBe(0.8 * 100 + 0.2 * 1000);
    expect(await admit(gate, 1, t.clock, t.sleep, "dev-3")).toHaveProperty("admittedAt");
  });

  it("a hello never answered stops holding its place after HOLD_MAX_MS", async () => {
    const t = fakeClock();
    const gate = newAdmission();
    const place = await admit(gate, 1, t.clock, t.sleep, "dev-1");
    holdForHello(gate, "dev-1");
    if ("admittedAt" in place) release(gate, place.admittedAt, t.clock(), "dev-1");
    t.advance(HOLD_MAX_MS + 1);
    expect(await admit(gate, 1, t.clock, t.sleep, "dev-2")).toHaveProperty("admittedAt");
  });

  it("learns the latency of admitted connects (moving average)", () => {
    const gate = newAdmission();
    gate.inFlight = 1;
    gate.latencyMs = 100;
    release(gate, 0, 600);
    expect(gate.inFlight).toBe(0);
    expect(gate.latencyMs).toBe(200);
  });
});

describe("retry-after reason (4503)", () => {
  it("is 'retry-after=<whole seconds>' between 1 and 600, read back by the agent", () => {
    expect(retryLaterReason(12.2)).toBe("retry-after=13");
    expect(retryLaterReason(0.1)).toBe("retry-after=1");
    expect(retryLaterReason(10_000)).toBe(`retry-after=${RETRY_AFTER_MAX_S}`);
    expect(retryAfterOf("retry-after=13")).toBe(13);
    expect(retryAfterOf("busy; retry-after=7")).toBe(7);
    expect(retryAfterOf("no frame for 25 s")).toBeNull();
    expect(retryAfterOf(undefined)).toBeNull();
  });

  it("the agent waits at least what it was told, at most a quarter more plus a second", () => {
    expect(retryLaterDelayMs(20, 0)).toBe(20_000);
    expect(retryLaterDelayMs(20, 0.999)).toBeLessThanOrEqual(26_000);
    expect(retryLaterDelayMs(20, 0.999)).toBeGreaterThan(25_900);
  });
});
