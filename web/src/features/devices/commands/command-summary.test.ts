import { describe, expect, it } from "vitest";
import { type TFunction, translate } from "@/lib/i18n";
import { commandOutcome, issuedBy } from "./command-summary";
import { QUEUE_TTLS, queuePlan, ttlSeconds } from "./queue-options";

const t: TFunction = (key, vars) => translate("en", key, vars);

describe("Commands tab: result column", () => {
  it("shows the error first", () => {
    expect(commandOutcome({ state: "failed", result: null, error: "expired" }, t)).toEqual({
      text: "expired",
      tone: "error",
      full: "expired",
    });
  });

  it("a cancelled, superseded or expired command's error is its reason, not a failure", () => {
    const reason = "The command was cancelled before it was delivered.";
    expect(commandOutcome({ state: "cancelled", result: null, error: reason }, t)?.tone).toBe("plain");
    expect(commandOutcome({ state: "expired", result: null, error: "expired" }, t)?.tone).toBe("plain");
    expect(commandOutcome({ state: "unavailable", result: null, error: "offline" }, t)?.tone).toBe("error");
  });

  it("reads the known result fields", () => {
    const dry = commandOutcome(
      { state: "succeeded", result: { dry_run: true, would_run: "systemctl reboot" }, error: null },
      t,
    );
    expect(dry?.text).toBe("Would run systemctl reboot");
    expect(commandOutcome({ state: "succeeded", result: { debug_mode: true }, error: null }, t)?.text).toBe(
      "Debug mode: On",
    );
    expect(commandOutcome({ state: "succeeded", result: { host: "relay", port: 2222 }, error: null }, t)?.text).toBe(
      "relay:2222",
    );
  });

  it("falls back to the fields, cut short, and says Done for an empty success", () => {
    const odd = commandOutcome({ state: "succeeded", result: { note: "x".repeat(200) }, error: null }, t);
    expect(odd?.text.length).toBe(80);
    expect(odd?.full).toContain("note");
    expect(commandOutcome({ state: "succeeded", result: {}, error: null }, t)?.text).toBe("Done");
    expect(commandOutcome({ state: "queued", result: null, error: null }, t)).toBeNull();
  });

  it("names who issued it", () => {
    expect(issuedBy(null, "me", t)).toBe("System");
    expect(issuedBy("me", "me", t)).toBe("You");
    expect(issuedBy("u2", "me", t)).toBe("Another member");
    expect(issuedBy("u2", "me", t, "Ana Kovač")).toBe("Ana Kovač");
    expect(issuedBy("me", "me", t, "My Name")).toBe("You");
  });
});

describe("Queue until online: what each choice queues", () => {
  it("power actions are destructive and never superseded", () => {
    const reboot = queuePlan("reboot", { debug_mode: false });
    expect(reboot).toMatchObject({ action: "instant-reboot", destructive: true });
    expect(reboot.supersede_key).toBeUndefined();
    expect(queuePlan("shutdown", { debug_mode: false }).action).toBe("instant-power-off");
  });

  it("debug mode asks for the opposite of the current value; a newer one replaces the pending one", () => {
    expect(queuePlan("debug", { debug_mode: false })).toMatchObject({
      action: "set-debug",
      params: { debug_mode: true },
      supersede_key: "debug-mode",
      title: "device.queue.debugOn",
    });
    expect(queuePlan("debug", { debug_mode: true }).params).toEqual({ debug_mode: false });
    // Disable for an offline (lost, stolen) device: destructive, one key so the newest decision wins.
    expect(queuePlan("enabled", { debug_mode: false, enabled: true })).toMatchObject({
      action: "set-enabled",
      params: { enabled: false },
      supersede_key: "enabled",
      destructive: true,
      title: "device.queue.disable",
    });
    expect(queuePlan("enabled", { debug_mode: false, enabled: false })).toMatchObject({
      params: { enabled: true },
      destructive: false,
    });
  });

  it("offers 1 h, 24 h (the default) and 7 days", () => {
    expect(QUEUE_TTLS.map((option) => option.seconds)).toEqual([3600, 86_400, 604_800]);
    expect(ttlSeconds("24h")).toBe(86_400);
  });
});
