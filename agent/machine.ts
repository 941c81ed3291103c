import type { Telemetry } from "../contracts/realtime/events.ts";
import { HEALTH } from "./health.ts";
import type { Executor, Machine } from "./session.ts";
import type { AgentStateFile } from "./state.ts";
import { collectTelemetry, type TelemetrySource } from "./telemetry.ts";

/*
 * The real agent's machine with its kept settings applied: the hello reports them,
 * telemetry reports vision, and a peripheral switched off in the console is not polled (it is
 * reported disabled, not monitored, rather than gone).
 */

/** The peripheral reader without the peripherals switched off (never polled while off). */
export function withoutDisabledPeripherals(source: TelemetrySource, state: AgentStateFile): TelemetrySource {
  return {
    ...source,
    peripherals: async () =>
      (await source.peripherals()).filter(
        (p) => !state.peripheralDisabled(p as { name: string; serial_number?: string }),
      ),
  };
}

/** A telemetry report with the kept settings: vision, and switched-off peripherals as disabled (1, not monitored). */
export function withSettings(telemetry: Telemetry, state: AgentStateFile): Telemetry {
  const devicesInfo = telemetry.peripherals?.devicesInfo.map((p) =>
    state.peripheralDisabled(p)
      ? { ...p, enabled: false, combined_status: HEALTH.unmonitored, status: [HEALTH.unmonitored] }
      : p,
  );
  return {
    ...telemetry,
    vision: { enabled: state.state.vision },
    ...(devicesInfo ? { peripherals: { devicesInfo } } : {}),
  };
}

/** The machine the real agent's session speaks for. */
export function settingsMachine(options: {
  state: AgentStateFile;
  source: TelemetrySource;
  inventory: () => ReturnType<Machine["inventory"]>;
  execute: Executor;
}): Machine {
  const seen = new Map<string, { name: string; type: string }>();
  const source = withoutDisabledPeripherals(options.source, options.state);
  return {
    inventory: async () => ({ ...(await options.inventory()), settings: options.state.settings }),
    telemetry: async () => withSettings(await collectTelemetry(source, seen), options.state),
    execute: options.execute,
  };
}
