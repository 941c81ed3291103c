import { describe, expect, it } from "vitest";
import { type TFunction, translate } from "@/lib/i18n";
import { auditLabel } from "./audit-label";

const t: TFunction = (key, vars) => translate("en", key, vars);

describe("auditLabel", () => {
  it("words lifecycle actions", () => {
    expect(auditLabel({ action: "device.archive", after: null }, t)).toBe("Archived");
    expect(auditLabel({ action: "device.displays_configuration", after: {} }, t)).toBe("Display configuration saved");
    expect(auditLabel({ action: "device.installation_code.reset", after: {} }, t)).toBe("Installation code reset");
  });

  it("adds the new value of a switch", () => {
    expect(auditLabel({ action: "device.enabled", after: { enabled: false } }, t)).toBe("Enabled: off");
    expect(auditLabel({ action: "device.debug_mode", after: { debug_mode: true } }, t)).toBe("Debug mode: on");
  });

  it("words brokered commands with their outcome", () => {
    expect(auditLabel({ action: "device.command.screenshot", after: { id: "x", status: "succeeded" } }, t)).toBe(
      "Screenshot requested · succeeded",
    );
    expect(auditLabel({ action: "device.command.instant-reboot", after: { status: "timed_out" } }, t)).toBe(
      "Reboot · timed out",
    );
    expect(auditLabel({ action: "device.command.detect-devices", after: { status: "succeeded" } }, t)).toBe(
      "Network scan for Detect Devices · succeeded",
    );
    expect(auditLabel({ action: "device.command.apply-display-config", after: { status: "failed" } }, t)).toBe(
      "Display configuration sent to device · failed",
    );
  });

  it("words every step of the command queue and late answers", () => {
    const step = (status: string) => auditLabel({ action: "device.command.instant-reboot", after: { status } }, t);
    expect(step("queued")).toBe("Reboot · queued");
    expect(step("in_doubt")).toBe("Reboot · outcome unknown");
    expect(step("succeeded late")).toBe("Reboot · succeeded (late answer)");
    // The agent only said what it would run: a dry run, never "succeeded".
    expect(step("dry_run")).toBe("Reboot · dry run");
    expect(step("dry_run late")).toBe("Reboot · dry run (late answer)");
    expect(step("timed_out late")).toBe("Reboot · timed out (late answer)");
    expect(step("unavailable")).toBe("Reboot · not sent (device offline)");
    expect(step("superseded")).toBe("Reboot · replaced by a newer command");
    expect(step("something new")).toBe("Reboot");
  });

  it("words remote sessions with their length", () => {
    expect(auditLabel({ action: "device.remote_session.terminal", after: { status: "opened" } }, t)).toBe(
      "Terminal session opened",
    );
    expect(auditLabel({ action: "device.remote_session.vnc", after: { status: "closed", duration_s: 3720 } }, t)).toBe(
      "Remote desktop session closed after 1 h 2 min",
    );
    expect(
      auditLabel({ action: "device.remote_session.terminal", after: { status: "closed", duration_s: 42 } }, t),
    ).toBe("Terminal session closed after 42 s");
  });

  it("falls back to the raw code for unknown actions", () => {
    expect(auditLabel({ action: "device.something_new", after: null }, t)).toBe("device.something_new");
    expect(auditLabel({ action: "device.command.unknown", after: null }, t)).toBe("device.command.unknown");
  });
});
