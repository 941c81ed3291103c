import type { Executor } from "../session.ts";
import { detectDevices } from "./detect.ts";
import { executorOf } from "./dispatch.ts";
import { applyDisplayConfig, detectDisplays } from "./displays.ts";
import { detectPeripherals } from "./peripherals.ts";
import { powerOff, reboot } from "./power.ts";
import { headlessRemoteDesktop, remoteDesktop, reverseSsh } from "./remote.ts";
import { screenshot } from "./screenshot.ts";
import type { Handlers, ProviderOptions } from "./types.ts";

/** Device settings the console pushes (enabled, debug mode, vision); kept for the agent's own use. */
export const settings = { enabled: true, debug_mode: false, vision: false };

/** set-enabled / set-debug / set-vision: keeps the value; answers the settings after the change. */
const setting = (key: keyof typeof settings, action: string) => async (value: boolean, options: ProviderOptions) => {
  settings[key] = value;
  options.log(`${action} → ${value}`);
  return { ok: true as const, result: { ...settings } };
};
const setEnabled = setting("enabled", "set-enabled");
const setDebug = setting("debug_mode", "set-debug");
const setVision = setting("vision", "set-vision");

/** Peripherals the console switched off or on, by uuid (the drivers read this before they poll). */
export const peripheralSwitches = new Map<string, boolean>();

const providers: Handlers<ProviderOptions> = {
  "instant-reboot": reboot,
  "instant-power-off": powerOff,
  screenshot,
  "reverse-ssh": reverseSsh,
  "remote-desktop": remoteDesktop,
  "headless-remote-desktop": headlessRemoteDesktop,
  "set-enabled": (params, options) => setEnabled(params.enabled, options),
  "set-debug": (params, options) => setDebug(params.debug_mode, options),
  "set-vision": (params, options) => setVision(params.enabled, options),
  "set-peripheral-enabled": async ({ peripheral_uuid: uuid, enabled }, options) => {
    peripheralSwitches.set(uuid, enabled);
    options.log(`peripheral ${uuid} → ${enabled ? "enabled" : "disabled"}`);
    return { ok: true, result: { peripheral_uuid: uuid, enabled } };
  },
  "detect-devices": detectDevices,
  "detect-displays": detectDisplays,
  "detect-peripherals": detectPeripherals,
  "apply-display-config": applyDisplayConfig,
};

/**
 * The real agent's executor: params validated with contracts/commands.ts, then one provider per
 * action (telemetry refresh is the session's own).
 */
export const createExecutor = (options: ProviderOptions): Executor => executorOf(providers, options);
