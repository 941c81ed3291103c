import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Telemetry } from "../contracts/devices/telemetry.ts";
import { VisionService } from "./providers/vision.ts";
import { agentServices, servicesMachine, systemdRestarts } from "./services.ts";

describe("the services the agent supervises", () => {
  it("lists itself and vision always, headless VNC and the SSH tunnel where configured, with their real state", async () => {
    const vision = new VisionService({ log: () => {} });
    const bare = await agentServices({ vision, headlessVnc: false, reverseSsh: false, startedAt: 1000 });
    expect(bare).toEqual([
      { name: "Outpost agent", kind: "agent", state: "running", since: 1000, restarts: 0, last_error: null },
      { name: "Vision", kind: "vision", state: "not_installed", since: null, restarts: 0, last_error: null },
    ]);
    const all = await agentServices({ vision, headlessVnc: true, reverseSsh: true });
    expect(all.map((s) => s.kind)).toEqual(["agent", "vision", "vnc", "ssh_tunnel"]);
    // Nothing runs them here (another test file may have left a failed tunnel behind: never "running").
    expect(all.slice(2).every((s) => s.state === "stopped" || s.state === "failed")).toBe(true);
  });

  it("telemetry carries them, and whether vision is installed, in the contract's shape", async () => {
    const vision = new VisionService({ command: "exec sleep 5", log: () => {} }, 50);
    const machine = servicesMachine(
      {
        telemetry: async () => ({ vision: { enabled: true } }),
        inventory: async () => ({ inventory: {} }),
        execute: async () => ({ ok: true }),
      },
      { vision, headlessVnc: false, reverseSsh: false },
    );
    await vision.set(true);
    const sent = Telemetry.parse(await machine.telemetry());
    expect(sent.vision).toEqual({ enabled: true, installed: true });
    expect(sent.services?.find((s) => s.kind === "vision")).toMatchObject({ state: "running" });
    await vision.close();
  });

  it("the agent's restarts are systemd's NRestarts when it runs under systemd", async () => {
    const dir = mkdtempSync(join(tmpdir(), "outpost-nrestarts-"));
    writeFileSync(join(dir, "systemctl"), '#!/bin/sh\necho "$@" > "$0.args"\necho 3\n');
    chmodSync(join(dir, "systemctl"), 0o755);
    expect(await systemdRestarts("outpost-agent.service", { PATH: dir, INVOCATION_ID: "x" })).toBe(3);
    // Not under systemd: nothing to ask.
    expect(await systemdRestarts("outpost-agent.service", { PATH: dir })).toBe(0);
  });
});
