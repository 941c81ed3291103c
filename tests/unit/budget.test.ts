import { describe, expect, it } from "vitest";
import type { Principal } from "../../contracts/access/principal.ts";
import { AGENT_UPLOAD_MAX_BYTES, FRAME_MAX_BYTES } from "../../contracts/realtime/events.ts";
import {
  AGENT_RATE,
  type Bucket,
  frameAllowed,
  frameAllowedForType,
  frameBytes,
  fullBucket,
  OUTGOING_MAX_UNACKED,
  take,
  USER_RATE,
  withinBacklog,
} from "../../worker/rooms/budget.ts";

const user: Principal = { kind: "user", user_uuid: "u", account_uuid: "a", space_uuid: "s" };
const agent: Principal = { kind: "device", device_uuid: "d", space_uuid: "s" };

describe("token bucket", () => {
  it("allows the burst at once, then refuses until time refills it", () => {
    let bucket: Bucket = fullBucket(USER_RATE, 0);
    let allowed = 0;
    for (let i = 0; i < 100; i++) {
      const step = take(bucket, USER_RATE, 0);
      bucket = step.bucket;
      if (step.ok) allowed++;
    }
    expect(allowed).toBe(USER_RATE.burst);
    expect(take(bucket, USER_RATE, 10).ok).toBe(false);
    // 1 s later: perSecond more tokens.
    let refilled = 0;
    for (let i = 0; i < 100; i++) {
      const step = take(bucket, USER_RATE, 1000);
      bucket = step.bucket;
      if (step.ok) refilled++;
    }
    expect(refilled).toBe(USER_RATE.perSecond);
  });

  it("a steady sender under the rate is never refused", () => {
    let bucket = fullBucket(USER_RATE, 0);
    const interval = 1000 / (USER_RATE.perSecond - 1);
    for (let i = 0; i < 10_000; i++) {
      const step = take(bucket, USER_RATE, i * interval);
      expect(step.ok).toBe(true);
      bucket = step.bucket;
    }
  });

  it("never holds more than the burst, and agents get a larger budget", () => {
    const step = take(fullBucket(AGENT_RATE, 0), AGENT_RATE, 3_600_000);
    expect(step.bucket.tokens).toBe(AGENT_RATE.burst - 1);
    expect(AGENT_RATE.burst).toBeGreaterThan(USER_RATE.burst);
  });
});

describe("frame caps", () => {
  it("counts UTF-8 bytes of large strings", () => {
    expect(frameBytes("abc")).toBe(3);
    // Short strings (under the cap whatever their characters) are not encoded: their length stands in.
    expect(frameBytes("€")).toBeLessThanOrEqual(3);
    expect(frameBytes("€".repeat(30_000))).toBe(90_000);
    // Just over the cap only in UTF-8 (21,846 × 3 bytes > 64 KiB): measured exactly, refused.
    const overInUtf8 = "€".repeat(Math.floor(FRAME_MAX_BYTES / 3) + 1);
    expect(frameBytes(overInUtf8)).toBe(overInUtf8.length * 3);
    expect(frameAllowed(user, frameBytes(overInUtf8))).toBe(false);
    expect(frameAllowed(user, frameBytes("€".repeat(Math.floor(FRAME_MAX_BYTES / 3))))).toBe(true);
    expect(frameBytes(new ArrayBuffer(10))).toBe(10);
  });

  it("dashboards stop at 64 KiB; agents may upload up to the upload cap, but only a commandResult", () => {
    expect(frameAllowed(user, FRAME_MAX_BYTES)).toBe(true);
    expect(frameAllowed(user, FRAME_MAX_BYTES + 1)).toBe(false);
    expect(frameAllowed(agent, AGENT_UPLOAD_MAX_BYTES)).toBe(true);
    expect(frameAllowed(agent, AGENT_UPLOAD_MAX_BYTES + 1)).toBe(false);
    expect(frameAllowedForType("commandResult", 5_000_000)).toBe(true);
    expect(frameAllowedForType("heartbeat", FRAME_MAX_BYTES + 1)).toBe(false);
    expect(frameAllowedForType("heartbeat", 100)).toBe(true);
  });
});

describe("outgoing backlog", () => {
  it("allows up to OUTGOING_MAX_UNACKED unacknowledged events", () => {
    expect(withinBacklog({ sent: OUTGOING_MAX_UNACKED - 1, acked: 0 })).toBe(true);
    expect(withinBacklog({ sent: OUTGOING_MAX_UNACKED, acked: 0 })).toBe(false);
    expect(withinBacklog({ sent: 5000, acked: 4500 })).toBe(true);
  });
});
