import type { Executor } from "../session.ts";
import { AgentStateFile } from "../state.ts";
import { cameraConnectionTest, cameraSnapshot } from "./camera.ts";
import { detectDevices } from "./detect.ts";
import { executorOf } from "./dispatch.ts";
import { applyDisplayConfig, detectDisplays } from "./displays.ts";
import { detectPeripherals } from "./peripherals.ts";
import { powerOff, reboot } from "./power.ts";
import { headlessRemoteDesktop, remoteDesktop, reverseSsh } from "./remote.ts";
import { screenshot } from "./screenshot.ts";
import { createVision, fetchLogs, gated, setDebug, setEnabled, setPeripheralEnabled, setVision } from "./settings.ts";
import type { Handlers, ProviderOptions } from "./types.ts";

const providers: Handlers<ProviderOptions> = {
  "instant-reboot": reboot,
  "instant-power-off": powerOff,
  screenshot,
  "reverse-ssh": reverseSsh,
  "remote-desktop": remoteDesktop,
  "headless-remote-desktop": headlessRemoteDesktop,
  "set-enabled": setEnabled,
  "set-debug": setDebug,
  "set-vision": setVision,
  "set-peripheral-enabled": setPeripheralEnabled,
  "detect-devices": detectDevices,
  "detect-displays": detectDisplays,
  "detect-peripherals": detectPeripherals,
  "apply-display-config": applyDisplayConfig,
  "fetch-logs": fetchLogs,
  "camera-connection-test": cameraConnectionTest,
  "camera-snapshot": cameraSnapshot,
};

/**
 * The real agent's executor: refused while the device is disabled (but set-enabled), params
 * validated with contracts/commands/schema.ts, then one provider per action (telemetry refresh is the
 * session's own). Settings go to `options.state` (in memory when absent).
 */
export const createExecutor = (options: ProviderOptions): Executor => {
  const state = options.state ?? new AgentStateFile();
  const vision = options.vision ?? createVision(options);
  return gated(executorOf(providers, { ...options, state, vision }), state, options.logs?.debug);
};
