import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Command, Telemetry } from "../contracts/realtime/events.ts";
import { AgentLog } from "./log.ts";
import { settingsMachine, withSettings } from "./machine.ts";
import { createExecutor } from "./providers/index.ts";
import type { VisionService } from "./providers/vision.ts";
import { AgentStateFile, statePath } from "./state.ts";
import type { TelemetrySource } from "./telemetry.ts";

let n = 0;
const command = (action: Command["action"], params: Record<string, unknown> = {}): Command => ({
  type: "command",
  id: `c-${++n}`,
  action,
  params,
});

const tempConfig = () => join(mkdtempSync(join(tmpdir(), "outpost-state-")), "config.json");

/** One agent "process": its state read from the file, its log ring and executor. */
function startAgent(configPath: string, allowPower = false) {
  const state = new AgentStateFile(statePath(configPath));
  const printed: string[] = [];
  const logs = new AgentLog({ debug: () => state.state.debug_mode, print: (line) => printed.push(line) });
  // A vision service that comes up at once (agent/providers/vision.test.ts runs real ones).
  const vision = { set: async () => ({ ok: true }) } as unknown as VisionService;
  const execute = createExecutor({ allowPower, log: logs.info, state, logs, vision });
  return { state, logs, printed, execute };
}

describe("agent state file", () => {
  it("keeps enabled, debug mode, vision and peripheral switches across a restart, in a 0600 file", async () => {
    const config = tempConfig();
    const first = startAgent(config);
    expect(first.state.settings).toEqual({ enabled: true, debug_mode: false, vision: false });
    expect(await first.execute(command("set-debug", { debug_mode: true }))).toMatchObject({ ok: true });
    expect(await first.execute(command("set-vision", { enabled: true }))).toMatchObject({ ok: true });
    const switched = {
      peripheral_uuid: "p-1",
      type: "card-reader",
      enabled: false,
      name: "Card reader",
      serial_number: "S1",
    };
    expect(await first.execute(command("set-peripheral-enabled", switched))).toMatchObject({ ok: true });
    expect(await first.execute(command("set-enabled", { enabled: false }))).toEqual({
      ok: true,
      result: { enabled: false, debug_mode: true, vision: true },
    });

    const path = statePath(config);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    // Written by rename: no temporary file is left beside it.
    expect(readdirSync(join(config, ".."))).toEqual(["state.json"]);
    expect(JSON.parse(readFileSync(path, "utf8"))).toMatchObject({ enabled: false, debug_mode: true, vision: true });

    // A new process reads the same file.
    const second = startAgent(config);
    expect(second.state.settings).toEqual({ enabled: false, debug_mode: true, vision: true });
    expect(second.state.state.peripherals["p-1"]).toEqual({
      enabled: false,
      type: "card-reader",
      name: "Card reader",
      serial_number: "S1",
    });
    expect(second.state.peripheralDisabled({ name: "Other name", serial_number: "S1" })).toBe(true);
    expect(second.state.peripheralDisabled({ name: "Printer", serial_number: "S2" })).toBe(false);
  });

  it("a missing or damaged file is the defaults", () => {
    const config = tempConfig();
    writeFileSync(statePath(config), "{not json");
    expect(new AgentStateFile(statePath(config)).settings).toEqual({ enabled: true, debug_mode: false, vision: false });
  });

  it("while disabled every action but set-enabled is refused with the spec's text, also after a restart", async () => {
    const config = tempConfig();
    const agent = startAgent(config);
    await agent.execute(command("set-enabled", { enabled: false }));
    const restarted = startAgent(config);
    for (const action of ["instant-reboot", "screenshot", "set-debug", "fetch-logs", "detect-peripherals"] as const) {
      const params = action === "set-debug" ? { debug_mode: true } : {};
      expect(await restarted.execute(command(action, params))).toEqual({ ok: false, error: "Device is disabled" });
    }
    expect(await restarted.execute(command("set-enabled", { enabled: true }))).toMatchObject({ ok: true });
    expect(await restarted.execute(command("fetch-logs"))).toMatchObject({ ok: true });
  });

  it("reboot and shut down without --allow-power answer a dry run", async () => {
    const agent = startAgent(tempConfig());
    for (const action of ["instant-reboot", "instant-power-off"] as const) {
      expect(await agent.execute(command(action))).toEqual({
        ok: true,
        result: {
          dry_run: true,
          would_run: `systemctl --no-block ${action === "instant-reboot" ? "reboot" : "poweroff"}`,
        },
      });
    }
  });
});

describe("agent log ring and debug mode", () => {
  it("logs debug lines only while debug mode is on; fetch-logs answers the recent lines", async () => {
    const agent = startAgent(tempConfig());
    await agent.execute(command("detect-displays"));
    expect(agent.printed.some((line) => line.includes("[debug]"))).toBe(false);
    await agent.execute(command("set-debug", { debug_mode: true }));
    await agent.execute(command("instant-reboot"));
    expect(agent.printed.some((line) => line.includes("[debug] instant-reboot"))).toBe(true);
    const reply = await agent.execute(command("fetch-logs", { limit: 3 }));
    expect(reply).toMatchObject({ ok: true, result: { debug_mode: true } });
    const lines = (reply as unknown as { result: { lines: string[] } }).result.lines;
    expect(lines).toHaveLength(3);
    expect(lines.at(-1)).toContain("[debug] fetch-logs");
  });

  it("keeps only the newest lines, oldest first", () => {
    const logs = new AgentLog({ debug: () => false, print: () => {}, size: 3, now: () => new Date(0) });
    for (const i of [1, 2, 3, 4, 5]) logs.info(`line ${i}`);
    expect(logs.lines()).toEqual([3, 4, 5].map((i) => `1970-01-01T00:00:00.000Z line ${i}`));
    expect(logs.lines(1)).toEqual(["1970-01-01T00:00:00.000Z line 5"]);
  });
});

describe("the real agent's machine with its settings", () => {
  const attached = [
    { name: "Card reader", type: "card-reader", serial_number: "S1" },
    { name: "Printer", type: "printer" },
  ];
  const source = (polled: string[]): TelemetrySource => {
    const none = async () => {
      throw new Error("not here");
    };
    return {
      cpu: none,
      temperature: none,
      uptime: none,
      memory: none,
      partitions: none,
      gpus: none,
      drives: none,
      interfaces: none,
      defaultInterface: none,
      peripherals: async () => {
        polled.push("peripherals");
        return attached;
      },
    };
  };

  it("reports the settings on hello, vision in telemetry, and a switched-off peripheral as disabled, not gone", async () => {
    const state = new AgentStateFile();
    state.update({ vision: true });
    const polled: string[] = [];
    const machine = settingsMachine({
      state,
      source: source(polled),
      inventory: async () => ({ machine_id: "m", inventory: {} }),
      execute: createExecutor({ allowPower: false, log: () => {}, state }),
    });
    expect((await machine.inventory()).settings).toEqual({ enabled: true, debug_mode: false, vision: true });
    const before = await machine.telemetry();
    expect(before.vision).toEqual({ enabled: true });
    expect(before.peripherals?.devicesInfo.map((p) => [p.name, p.enabled, p.combined_status])).toEqual([
      ["Card reader", true, 0],
      ["Printer", true, 0],
    ]);
    await machine.execute(
      command("set-peripheral-enabled", {
        peripheral_uuid: "p-1",
        type: "card-reader",
        enabled: false,
        serial_number: "S1",
        name: "Card reader",
      }),
    );
    const after = await machine.telemetry();
    expect(after.peripherals?.devicesInfo.map((p) => [p.name, p.enabled, p.combined_status])).toEqual([
      ["Card reader", false, 1],
      ["Printer", true, 0],
    ]);
  });

  it("withSettings leaves a report without peripherals without them", () => {
    const state = new AgentStateFile();
    const telemetry: Telemetry = {};
    expect(withSettings(telemetry, state)).toEqual({ vision: { enabled: false } });
  });
});
