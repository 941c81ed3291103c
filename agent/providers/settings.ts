import { DEVICE_DISABLED_MESSAGE } from "../../contracts/commands/schema.ts";
import type { Executor } from "../session.ts";
import type { AgentStateFile } from "../state.ts";
import { switchUsbPeripheral } from "./peripheral-switch.ts";
import type { Provider, ProviderOptions } from "./types.ts";
import { VisionService } from "./vision.ts";

/*
 * The settings the console pushes: each one is written to the agent's state file
 * (agent/state.ts) before it is answered, so it takes effect and survives restarts.
 */

type Setting = "enabled" | "debug_mode" | "vision";

/** The state the providers write (createExecutor always passes one). */
const stateOf = (options: ProviderOptions): AgentStateFile => {
  if (!options.state) throw new Error("The agent has no state to keep its settings in.");
  return options.state;
};

/** set-enabled / set-debug / set-vision: keeps the value; answers the settings after the change. */
const setting = (key: Setting, action: string) => async (value: boolean, options: ProviderOptions) => {
  const state = stateOf(options);
  state.update({ [key]: value });
  options.log(`${action} → ${value}`);
  return { ok: true as const, result: state.settings };
};
const enabled = setting("enabled", "set-enabled");
const debug = setting("debug_mode", "set-debug");
const vision = setting("vision", "set-vision");

export const setEnabled: Provider<"set-enabled"> = (params, options) => enabled(params.enabled, options);
export const setDebug: Provider<"set-debug"> = (params, options) => debug(params.debug_mode, options);

/**
 * set-vision: starts or stops the real vision service (agent/providers/vision.ts) and keeps the
 * setting only when that worked; a device without one answers "Vision is not installed on this
 * device", and a service that does not come up answers its own words.
 */
export const setVision: Provider<"set-vision"> = async (params, options) => {
  const service = options.vision ?? createVision(options);
  const answer = await service.set(params.enabled);
  if (!answer.ok) {
    options.log(`set-vision → ${params.enabled} failed: ${answer.error}`);
    return answer;
  }
  return vision(params.enabled, options);
};

/** The vision service of the agent's --vision-command / --vision-unit (none: not installed). */
export const createVision = (options: Pick<ProviderOptions, "visionCommand" | "visionUnit" | "env" | "log">) =>
  new VisionService({ command: options.visionCommand, unit: options.visionUnit, env: options.env, log: options.log });

/**
 * set-peripheral-enabled: a USB peripheral is deauthorised (disabled) or authorised (enabled) in
 * sysfs where the agent may (agent/providers/peripheral-switch.ts); the setting is kept with what
 * the agent recognises the peripheral by (its telemetry skips it while off). Where the hardware
 * could not be switched the answer says "monitoring only" and why, never plain success.
 */
export const setPeripheralEnabled: Provider<"set-peripheral-enabled"> = async (params, options) => {
  const { peripheral_uuid: uuid, enabled, type, name, serial_number } = params;
  const switched = await switchUsbPeripheral({ name, serial_number, enabled }, options.usbDevicesDir);
  stateOf(options).setPeripheral(uuid, {
    enabled,
    type,
    ...(name ? { name } : {}),
    ...(serial_number ? { serial_number } : {}),
  });
  if ("monitoring_only" in switched) {
    options.log(`peripheral ${uuid} → ${enabled ? "enabled" : "disabled"} (monitoring only: ${switched.reason})`);
    return { ok: true, result: { peripheral_uuid: uuid, enabled, monitoring_only: true, reason: switched.reason } };
  }
  options.log(`peripheral ${uuid} → ${enabled ? "authorised" : "deauthorised"} (USB ${switched.port})`);
  return { ok: true, result: { peripheral_uuid: uuid, enabled, authorized: switched.authorized } };
};

/** fetch-logs: the agent's recent log lines (the Logs tab). */
export const fetchLogs: Provider<"fetch-logs"> = async (params, options) => ({
  ok: true,
  result: { lines: options.logs?.lines(params.limit) ?? [], debug_mode: stateOf(options).state.debug_mode },
});

/**
 * While the device is disabled the agent refuses every action but set-enabled with the spec's
 * "Device is disabled"; the API refuses them upfront too. Each command and its answer
 * is logged at debug level.
 */
export function gated(execute: Executor, state: AgentStateFile, debugLog?: (line: string) => void): Executor {
  return async (command) => {
    if (!state.state.enabled && command.action !== "set-enabled") {
      debugLog?.(`${command.action} (${command.id}) refused: ${DEVICE_DISABLED_MESSAGE}`);
      return { ok: false, error: DEVICE_DISABLED_MESSAGE };
    }
    debugLog?.(`${command.action} (${command.id}) params ${JSON.stringify(command.params ?? {})}`);
    const reply = await execute(command);
    debugLog?.(`${command.action} (${command.id}) → ${reply.ok ? "ok" : `failed: ${reply.error}`}`);
    return reply;
  };
}
