import type { Executor } from "../session.ts";
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
};

/** The real agent's executor: one provider per action (telemetry refresh is the session's own). */
export const createExecutor =
  (options: ProviderOptions): Executor =>
  async (command) => {
    const provider = providers[command.action];
    if (!provider) return { ok: false, error: `Unsupported action: ${command.action}` };
    return provider(command, options);
  };
