import { describe, expect, it, vi } from "vitest";
import { type TFunction, translate } from "@/lib/i18n";
import { remoteFailures } from "../logic/remote-failures";
import { failureAlert, replyAlert } from "./use-remote-action";

vi.mock("@/lib/session/session", () => ({ freshAccessToken: vi.fn(), getSession: vi.fn() }));

const t: TFunction = (key, vars) => translate("en", key, vars);
const apiError = (status: number, code: string, message: string) => ({ status, body: { code, message } });
const options = (showFailures: boolean, retry = vi.fn()) => ({ viewCommands: vi.fn(), retry, showFailures });

describe("truthful results", () => {
  it("a dry-run reboot or shutdown says so, not Action successful.", () => {
    const dry = replyAlert({ action: "reboot", reply: { dry_run: true, would_run: "systemctl reboot" } }, t);
    expect(dry).toMatchObject({
      type: "warning",
      message: "Dry run: the agent is not allowed to power the device (start it with --allow-power).",
    });
    expect(replyAlert({ action: "shutdown", reply: undefined }, t)).toEqual({
      type: "success",
      message: "Action successful.",
    });
  });

  it("Headless VNC's Connect opens the console's viewer for the desktop the device started", () => {
    const open = vi.fn();
    const reply = { url: "vnc://127.0.0.1:40213", host: "127.0.0.1", port: 40213, headless: true };
    const alert = replyAlert({ action: "headlessVnc", reply }, t, open);
    expect(alert).toMatchObject({ type: "info", message: "Remote Desktop available", button: { type: "run" } });
    if (alert?.button?.type === "run") alert.button.run();
    expect(open).toHaveBeenCalledOnce();
  });

  it("a power action the device did not accept says so with the device's words", () => {
    const error = apiError(502, "device_failed", "The device did not accept the reboot: systemctl is not installed.");
    expect(failureAlert("reboot", error, t, options(false))).toMatchObject({
      type: "error",
      message: "An error occurred. Check console. The device did not accept the reboot: systemctl is not installed.",
    });
  });

  it("a Headless VNC the device refused says why after the spec's text", () => {
    const error = apiError(502, "device_failed", "Headless VNC is not allowed on this device.");
    expect(failureAlert("headlessVnc", error, t, options(false))).toMatchObject({
      type: "error",
      message: "Headless VNC failed to start. Please try again later. Headless VNC is not allowed on this device.",
    });
  });

  it("remote desktop, RSSH and screenshot failures stay silent by default (devices.md §8)", () => {
    const error = apiError(502, "device_failed", "No remote desktop configured (--vnc-url).");
    for (const action of ["remoteDesktop", "rssh", "screenshot"] as const) {
      expect(failureAlert(action, error, t, options(false))).toBeNull();
    }
  });

  it("with the preference on, they are errors with their reason and Retry", () => {
    const retry = vi.fn();
    const error = apiError(502, "device_failed", "No remote desktop configured (--vnc-url).");
    const alert = failureAlert("remoteDesktop", error, t, options(true, retry));
    expect(alert).toMatchObject({
      type: "error",
      message: "Remote Desktop failed: No remote desktop configured (--vnc-url).",
      button: { type: "run", text: "Retry" },
    });
    if (alert?.button?.type === "run") alert.button.run();
    expect(retry).toHaveBeenCalledOnce();
    // Power failures keep their own message (with the device's words) either way.
    expect(failureAlert("reboot", error, t, options(true))).toMatchObject({
      type: "error",
      message: `${t("device.settings.actionFailed")} No remote desktop configured (--vnc-url).`,
    });
  });

  it("a device that is not installed says Action failed. Device not installed. (devices.md §7)", () => {
    const error = apiError(409, "device_not_installed", "Action failed. Device not installed.");
    expect(failureAlert("reboot", error, t, options(false))).toEqual({
      type: "error",
      message: "Action failed. Device not installed.",
    });
  });

  it("a disabled device says Device is disabled", () => {
    const error = apiError(409, "device_disabled", "Device is disabled");
    expect(failureAlert("screenshot", error, t, options(false))).toEqual({
      type: "error",
      message: "Device is disabled",
    });
  });

  it("the Logs tab lists failed remote desktop, RSSH and screenshot commands with their reason", () => {
    const record = (id: string, action: string, state: string, error: string | null = null) =>
      ({ id, action, state, error }) as never;
    const failures = remoteFailures([
      record("1", "screenshot", "failed", "No screen grabber found"),
      record("2", "screenshot", "succeeded"),
      record("3", "instant-reboot", "failed", "boom"),
      record("4", "reverse-ssh", "unavailable", "physical device temporarily unavailable"),
    ]);
    expect(failures.map((f) => [f.id, f.error])).toEqual([
      ["1", "No screen grabber found"],
      ["4", "physical device temporarily unavailable"],
    ]);
  });
});
