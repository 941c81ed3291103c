import type { Executor } from "../session.ts";
import { detectDevices } from "./detect.ts";
import { applyDisplayConfig, detectDisplays } from "./displays.ts";
import { detectPeripherals } from "./peripherals.ts";
import { power } from "./power.ts";
import { remoteDesktop, reverseSsh } from "./remote.ts";
import { screenshot } from "./screenshot.ts";
import type { Provider, ProviderOptions } from "./types.ts";

/** Device settings the console pushes (enabled, debug mode, vision); kept for the agent's own use. */
export const settings = { enabled: true, debug_mode: false, vision: false };

const setting: Provider = async (command, options) => {
  const value = command.params.enabled ?? command.params.debug_mode;
  if (typeof value !== "boolean") return { ok: false, error: "A boolean value is required." };
  if (command.action === "set-enabled") settings.enabled = value;
  if (command.action === "set-debug") settings.debug_mode = value;
  if (command.action === "set-vision") settings.vision = value;
  options.log(`${command.action} → ${value}`);
  return { ok: true, result: { ...settings } };
};

/** Peripherals the console switched off or on, by uuid (the drivers read this before they poll). */
export const peripheralSwitches = new Map<string, boolean>();

const peripheral: Provider = async (command, options) => {
  const { peripheral_uuid: uuid, enabled } = command.params;
  if (typeof uuid !== "string" || typeof enabled !== "boolean")
    return { ok: false, error: "A peripheral uuid and a boolean value are required." };
  peripheralSwitches.set(uuid, enabled);
  options.log(`peripheral ${uuid} → ${enabled ? "enabled" : "disabled"}`);
  return { ok: true, result: { peripheral_uuid: uuid, enabled } };
};

const providers: Record<string, Provider> = {
  "instant-reboot": power,
  "instant-power-off": power,
  screenshot,
  "reverse-ssh": reverseSsh,
  "remote-desktop": remoteDesktop,
  "headless-remote-desktop": remoteDesktop,
  "set-enabled": setting,
  "set-debug": setting,
  "set-vision": setting,
  "set-peripheral-enabled": peripheral,
  "detect-devices": detectDevices,
  "detect-displays": detectDisplays,
  "detect-peripherals": detectPeripherals,
  "apply-display-config": applyDisplayConfig,
};

/** The real agent's executor: one provider per action (telemetry refresh is the session's own). */
export const createExecutor =
  (options: ProviderOptions): Executor =>
  async (command) => {
    const provider = providers[command.action];
    if (!provider) return { ok: false, error: `Unsupported action: ${command.action}` };
    return provider(command, options);
  };
