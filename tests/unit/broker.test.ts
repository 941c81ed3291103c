import { describe, expect, it } from "vitest";
import { OUTCOME_UNKNOWN_MESSAGE } from "../../contracts/commands/queue.ts";
import {
  ACK_GRACE_MS,
  COMMAND_TIMEOUT_MS,
  type CommandEvent,
  type CommandRow,
  DIRECT_ANSWER_MS,
  DIRECT_DEADLINE_MS,
  dueAt,
  newCommand,
  nextCommand,
  REDELIVER_MARGIN_MS,
  TIMEOUT_MESSAGE,
  UNAVAILABLE_MESSAGE,
} from "../../worker/rooms/broker.ts";
import { nextQueued, queuedInFlight, redeliveries } from "../../worker/rooms/broker-queue.ts";
import { auditStatusOf, outcomeOf, statusOf, toRecord } from "../../worker/rooms/broker-views.ts";

const T0 = 1_700_000_000_000;
const actor = { user_uuid: "u", space_uuid: "s" };

const direct = (id = "d", now = T0) =>
  newCommand({ id, action: "screenshot", params: {}, queued: false, now, ...actor });
const queued = (id = "q", now = T0, ttl_ms: number | null = 3_600_000, supersede_key: string | null = null) =>
  newCommand({ id, action: "telemetry-refresh", params: {}, queued: true, now, ttl_ms, supersede_key, ...actor });

/** Applies events in order; each must change the row. */
function run(row: CommandRow, ...events: CommandEvent[]): CommandRow {
  return events.reduce((r, e) => {
    const next = nextCommand(r, e);
    if (!next) throw new Error(`${e.type} changed nothing in ${r.state}`);
    return next;
  }, row);
}

describe("command state machine (worker/rooms/broker.ts)", () => {
  it("direct: answered within 28 s, inside the browser's 30 s (deadline 26 s + 2 s ack grace)", () => {
    expect(DIRECT_DEADLINE_MS + ACK_GRACE_MS).toBe(DIRECT_ANSWER_MS);
    expect(DIRECT_ANSWER_MS).toBeLessThanOrEqual(COMMAND_TIMEOUT_MS - 2_000);
    const acked = run(direct(), { type: "deliver", now: T0 + 5 }, { type: "ack", now: T0 + 10 });
    expect(dueAt(acked)).toBe(T0 + DIRECT_ANSWER_MS);
    expect(run(acked, { type: "tick", now: T0 + DIRECT_ANSWER_MS }).state).toBe("in_doubt");
  });

  it("direct: delivered with its deadline from creation, acked, succeeded (image left out)", () => {
    const sent = run(direct(), { type: "deliver", now: T0 + 5 });
    expect(sent).toMatchObject({ state: "delivered", deadline: T0 + DIRECT_DEADLINE_MS, delivered_at: T0 + 5 });
    expect(outcomeOf(sent)).toBeNull();
    const acked = run(sent, { type: "ack", now: T0 + 10 });
    expect(acked.state).toBe("acked");
    expect(statusOf(acked.state)).toBe("received");
    const done = run(acked, { type: "result", now: T0 + 20, ok: true, result: { image_base64: "AA==", bytes: 1 } });
    expect(done).toMatchObject({ state: "succeeded", result: { bytes: 1 }, late: false, finished_at: T0 + 20 });
    expect(outcomeOf(done)).toEqual({ status: "succeeded", result: { bytes: 1 }, received: true });
    expect(auditStatusOf("acked", done)).toBe("succeeded");
    // A repeated answer changes nothing.
    expect(nextCommand(done, { type: "result", now: T0 + 30, ok: false })).toBeNull();
  });

  it("a dry run (the agent was not allowed to act) is audited as dry_run, never succeeded", () => {
    const reboot = newCommand({ id: "r", action: "instant-reboot", params: {}, queued: false, now: T0, ...actor });
    const acked = run(reboot, { type: "deliver", now: T0 }, { type: "ack", now: T0 + 1 });
    const dry = run(acked, { type: "result", now: T0 + 2, ok: true, result: { dry_run: true, would_run: "x" } });
    expect(dry.state).toBe("succeeded");
    expect(auditStatusOf("acked", dry)).toBe("dry_run");
    const done = run(acked, { type: "result", now: T0 + 2, ok: true, result: { dry_run: false, ran: "x" } });
    expect(auditStatusOf("acked", done)).toBe("succeeded");
    const queuedDry = run(
      queued("qd"),
      { type: "deliver", now: T0 },
      { type: "result", now: T0 + 1, ok: true, result: { dry_run: true } },
    );
    expect(auditStatusOf("delivered", queuedDry)).toBe("dry_run");
  });

  it("direct: never written → unavailable (safe to retry)", () => {
    const row = run(direct(), { type: "undeliverable", now: T0 });
    expect(row.state).toBe("unavailable");
    expect(outcomeOf(row)).toEqual({ status: "unavailable", error: UNAVAILABLE_MESSAGE, received: false });
    expect(auditStatusOf("queued", row)).toBe("unavailable");
  });

  it("direct: written, not acked by the deadline (+ grace) → expired, answered as timed out", () => {
    const sent = run(direct(), { type: "deliver", now: T0 });
    expect(dueAt(sent)).toBe(T0 + DIRECT_DEADLINE_MS + ACK_GRACE_MS);
    expect(nextCommand(sent, { type: "tick", now: T0 + DIRECT_DEADLINE_MS })).toBeNull();
    const expired = run(sent, { type: "tick", now: T0 + DIRECT_DEADLINE_MS + ACK_GRACE_MS });
    expect(expired.state).toBe("expired");
    expect(outcomeOf(expired)).toEqual({ status: "timed_out", error: TIMEOUT_MESSAGE, received: false });
    expect(auditStatusOf("delivered", expired)).toBe("timed_out");
    // The agent confirms it refused it: nothing changes. An ack after the verdict changes nothing either.
    expect(nextCommand(expired, { type: "result", now: T0 + 40_000, ok: false, expired: true })).toBeNull();
    expect(nextCommand(expired, { type: "ack", now: T0 + 40_000 })).toBeNull();
    // It ran after all (an ack lost in flight): the truth wins, marked late.
    const ran = run(expired, { type: "result", now: T0 + 41_000, ok: true, result: {} });
    expect(ran).toMatchObject({ state: "succeeded", late: true });
    expect(auditStatusOf("expired", ran)).toBe("succeeded late");
  });

  it("direct: a socket that closes leaves an unacked command waiting (re-delivered) and makes an acked one in_doubt", () => {
    const sent = run(direct(), { type: "deliver", now: T0 });
    expect(nextCommand(sent, { type: "agentGone", now: T0 + 1 })).toBeNull();
    expect(redeliveries([sent], T0 + 2).map((r) => r.id)).toEqual(["d"]);
    expect(redeliveries([sent], T0 + DIRECT_DEADLINE_MS)).toEqual([]);
    // Too little time left for the ack to come back before the verdict: not offered again.
    expect(redeliveries([sent], T0 + DIRECT_DEADLINE_MS - REDELIVER_MARGIN_MS)).toEqual([]);
    const doubt = run(sent, { type: "ack", now: T0 + 3 }, { type: "agentGone", now: T0 + 4 });
    expect(doubt).toMatchObject({ state: "in_doubt", error: OUTCOME_UNKNOWN_MESSAGE });
    expect(outcomeOf(doubt)).toMatchObject({ status: "in_doubt", received: true });
    expect(auditStatusOf("acked", doubt)).toBe("in_doubt");
    expect(dueAt(doubt)).toBeNull();
    // in_doubt is asked again on every hello (its deadline passed or not).
    expect(redeliveries([doubt], T0 + 3_600_000).map((r) => r.id)).toEqual(["d"]);
    const late = run(doubt, { type: "result", now: T0 + 60_000, ok: false, error: "no grabber" });
    expect(late).toMatchObject({ state: "failed", late: true, error: "no grabber" });
    expect(outcomeOf(late)).toMatchObject({ status: "failed", late: true });
    expect(auditStatusOf("in_doubt", late)).toBe("failed late");
    expect(toRecord(late)).toMatchObject({
      id: "d",
      state: "failed",
      late: true,
      deadline: new Date(T0 + DIRECT_DEADLINE_MS).toISOString(),
    });
  });

  it("direct: acked but no answer by the deadline → in_doubt; the agent's expired answer ends it expired", () => {
    const acked = run(direct(), { type: "deliver", now: T0 }, { type: "ack", now: T0 + 1 });
    const doubt = run(acked, { type: "tick", now: T0 + DIRECT_DEADLINE_MS + ACK_GRACE_MS });
    expect(doubt.state).toBe("in_doubt");
    const refused = run(doubt, { type: "result", now: T0 + 40_000, ok: false, expired: true });
    expect(refused).toMatchObject({ state: "expired", late: true });
  });

  it("queued: waits (TTL), gets its deadline when delivered, is one at a time and FIFO", () => {
    const a = queued("a", T0);
    const b = queued("b", T0 + 1);
    expect(a).toMatchObject({ state: "queued", expires_at: T0 + 3_600_000, deadline: null });
    expect(nextCommand(a, { type: "undeliverable", now: T0 })).toBeNull();
    expect(nextQueued([b, a], T0 + 5).map((r) => r.id)).toEqual(["a"]);
    const sent = run(a, { type: "deliver", now: T0 + 10_000 });
    expect(sent.deadline).toBe(T0 + 10_000 + COMMAND_TIMEOUT_MS);
    expect(nextQueued([sent, b], T0 + 10_001)).toEqual([]);
    const done = run(sent, { type: "ack", now: T0 + 10_002 }, { type: "result", now: T0 + 10_003, ok: true });
    expect(nextQueued([done, b], T0 + 10_004).map((r) => r.id)).toEqual(["b"]);
    expect(auditStatusOf("acked", done)).toBe("succeeded");
    expect(auditStatusOf("queued", sent)).toBeNull();
    // A direct retry of a queued command's id is a conflict until it ends.
    expect(outcomeOf(b)).toMatchObject({ status: "conflict" });
  });

  it("queued with an agent's window: up to the window in flight, oldest first; each one ahead adds 30 s to the deadline", () => {
    const rows = ["a", "b", "c", "d"].map((id, i) => queued(id, T0 + i));
    expect(nextQueued(rows, T0 + 5, 3).map((r) => r.id)).toEqual(["a", "b", "c"]);
    const a = run(rows[0], { type: "deliver", now: T0 + 10, ahead: 0 });
    const b = run(rows[1], { type: "deliver", now: T0 + 10, ahead: 1 });
    expect(a.deadline).toBe(T0 + 10 + COMMAND_TIMEOUT_MS);
    expect(b.deadline).toBe(T0 + 10 + 2 * COMMAND_TIMEOUT_MS);
    expect(queuedInFlight([a, b, rows[2], rows[3]])).toBe(2);
    // Two of three in flight: one more fits, the oldest waiting.
    expect(nextQueued([rows[3], b, rows[2], a], T0 + 11, 3).map((r) => r.id)).toEqual(["c"]);
    expect(nextQueued([a, b, rows[2]], T0 + 11, 2)).toEqual([]);
    // A direct command's deadline is never stretched.
    expect(run(direct(), { type: "deliver", now: T0, ahead: 4 }).deadline).toBe(T0 + DIRECT_DEADLINE_MS);
  });

  it("queued: a Disable / Enable goes ahead of the rest of the queue", () => {
    const a = queued("a", T0);
    const off = newCommand({
      id: "off",
      action: "set-enabled",
      params: { enabled: false },
      queued: true,
      now: T0 + 5,
      ttl_ms: 3_600_000,
      ...actor,
    });
    const b = queued("b", T0 + 1);
    expect(nextQueued([a, b, off], T0 + 10, 3).map((r) => r.id)).toEqual(["off", "a", "b"]);
    expect(nextQueued([a, b, off], T0 + 10).map((r) => r.id)).toEqual(["off"]);
  });

  it("queued: TTL expiry, cancel only while queued, supersede", () => {
    const a = queued("a", T0, 60_000);
    expect(dueAt(a)).toBe(T0 + 60_000);
    expect(nextCommand(a, { type: "tick", now: T0 + 59_999 })).toBeNull();
    expect(run(a, { type: "tick", now: T0 + 60_000 })).toMatchObject({ state: "expired", finished_at: T0 + 60_000 });
    expect(nextQueued([a], T0 + 60_000)).toEqual([]);
    expect(run(a, { type: "cancel", now: T0 + 1 }).state).toBe("cancelled");
    expect(run(a, { type: "supersede", now: T0 + 1 }).state).toBe("superseded");
    const sent = run(a, { type: "deliver", now: T0 + 1 });
    expect(nextCommand(sent, { type: "cancel", now: T0 + 2 })).toBeNull();
    // Not taken by its deadline: offered again while the TTL holds, expired once it passed.
    const again = run(sent, { type: "tick", now: T0 + 1 + COMMAND_TIMEOUT_MS + ACK_GRACE_MS });
    expect(again).toMatchObject({ state: "queued", deadline: null, delivered_at: null });
    const late = run(a, { type: "deliver", now: T0 + 50_000 }, { type: "tick", now: T0 + 90_000 });
    expect(late).toMatchObject({ state: "expired", error: TIMEOUT_MESSAGE });
    expect(nextCommand(sent, { type: "supersede", now: T0 + 2 })).toBeNull();
    // No TTL (a display configuration): never expires.
    expect(dueAt(queued("c", T0, null))).toBeNull();
  });

  it("re-delivery order: creation order, in flight and in doubt first, expired unacked left out", () => {
    const old = run(direct("old", T0), { type: "deliver", now: T0 });
    const acked = run(direct("acked", T0 + 1), { type: "deliver", now: T0 + 1 }, { type: "ack", now: T0 + 2 });
    const fresh = run(direct("fresh", T0 + 20_000), { type: "deliver", now: T0 + 20_000 });
    const now = T0 + 31_000;
    expect(redeliveries([fresh, acked, old], now).map((r) => r.id)).toEqual(["acked", "fresh"]);
  });
});
