import { describe, expect, it } from "vitest";
import { disabledReason, type SettingsViewer, visibleControls } from "./visibility";

const vnc = { kind: "remote_desktop", state: "running" } as const;
const linux = {
  online: true,
  device_type_name: "Linux Computer",
  connected_status: "connected",
  latest_telemetry: { services: [vnc] },
} as const;
const windows = { ...linux, device_type_name: "Windows Computer" } as const;
const as = (flags: Partial<SettingsViewer["user"]>, canWrite = true): SettingsViewer => ({
  user: { super_admin: false, sys_dev: false, ...flags },
  canWrite,
});

describe("settings visibility (devices.md §2, §6)", () => {
  it("a plain operator sees the shared controls but not RSSH or Headless VNC", () => {
    const shown = visibleControls(as({}), linux);
    expect(shown).not.toContain("rssh");
    expect(shown).not.toContain("headlessVnc");
    for (const c of ["reboot", "shutdown", "enabled", "remoteDesktop", "screenshot", "replacementCode", "debug"]) {
      expect(shown).toContain(c);
    }
  });

  it("Remote Desktop only where the agent reports a remote desktop it can serve", () => {
    expect(visibleControls(as({}), linux)).toContain("remoteDesktop");
    const headless = { ...linux, latest_telemetry: { services: [{ ...vnc, state: "stopped" }] } } as const;
    expect(visibleControls(as({}), headless)).toContain("remoteDesktop");
    const none = { ...linux, latest_telemetry: { services: [{ ...vnc, state: "not_installed" }] } } as const;
    expect(visibleControls(as({}), none)).not.toContain("remoteDesktop");
    expect(visibleControls(as({}), { ...linux, latest_telemetry: null })).not.toContain("remoteDesktop");
  });

  it("super admins see Request RSSH only; developers see RSSH and Headless VNC", () => {
    expect(visibleControls(as({ super_admin: true }), linux)).toContain("rssh");
    expect(visibleControls(as({ super_admin: true }), linux)).not.toContain("headlessVnc");
    expect(visibleControls(as({ sys_dev: true }), linux)).toEqual(expect.arrayContaining(["rssh", "headlessVnc"]));
  });

  it("Enable Vision only on a Linux Computer", () => {
    expect(visibleControls(as({}), linux)).toContain("vision");
    expect(visibleControls(as({}), windows)).not.toContain("vision");
    expect(visibleControls(as({ sys_dev: true }), { ...linux, device_type_name: "Raspberry Pi" })).not.toContain(
      "vision",
    );
  });

  it("Terminal for writers on Linux, Windows and Raspberry Pi devices; never for Viewers", () => {
    expect(visibleControls(as({}), linux)).toContain("terminal");
    expect(visibleControls(as({}), windows)).toContain("terminal");
    expect(visibleControls(as({}), { ...linux, device_type_name: "Raspberry Pi" })).toContain("terminal");
    expect(visibleControls(as({}), { ...linux, device_type_name: "Android TV" })).not.toContain("terminal");
    expect(visibleControls(as({ super_admin: true }, false), linux)).not.toContain("terminal");
    expect(disabledReason("terminal", as({}), { ...linux, online: false })).toBe("offline");
  });

  it("viewers get read-only controls; offline devices refuse all but the replacement code", () => {
    expect(disabledReason("reboot", as({}, false), linux)).toBe("readOnly");
    expect(disabledReason("replacementCode", as({}, false), linux)).toBe("readOnly");
    const offline = { ...linux, online: false };
    expect(disabledReason("reboot", as({}), offline)).toBe("offline");
    expect(disabledReason("screenshot", as({}), offline)).toBe("offline");
    expect(disabledReason("vision", as({}), offline)).toBe("offline");
    expect(disabledReason("replacementCode", as({}), offline)).toBeNull();
    expect(disabledReason("reboot", as({}), linux)).toBeNull();
  });
});
