import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AgentStateFile } from "../state.ts";
import { createExecutor } from "./index.ts";
import { VisionService } from "./vision.ts";

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("vision service (real processes)", () => {
  it("not installed: enabling says so, the switch's setting is not kept; disabling is fine", async () => {
    const state = new AgentStateFile();
    const execute = createExecutor({ allowPower: false, log: () => {}, state });
    const on = await execute({ type: "command", id: "v1", action: "set-vision", params: { enabled: true } });
    expect(on).toEqual({ ok: false, error: "Vision is not installed on this device." });
    expect(state.state.vision).toBe(false);
    expect(await new VisionService({ log: () => {} }).status()).toMatchObject({ state: "not_installed" });
  });

  it("--vision-command: started and running, then stopped for real", async () => {
    const dir = mkdtempSync(join(tmpdir(), "outpost-vision-"));
    const pidFile = join(dir, "pid");
    const vision = new VisionService({ command: `echo $$ > ${pidFile}; exec sleep 30`, log: () => {} }, 200);
    const state = new AgentStateFile();
    const execute = createExecutor({ allowPower: false, log: () => {}, state, vision });
    const on = await execute({ type: "command", id: "v2", action: "set-vision", params: { enabled: true } });
    expect(on).toMatchObject({ ok: true, result: { vision: true } });
    const pid = Number((await import("node:fs")).readFileSync(pidFile, "utf8"));
    expect(alive(pid)).toBe(true);
    expect(await vision.status()).toMatchObject({ kind: "vision", state: "running", restarts: 0, last_error: null });
    const off = await execute({ type: "command", id: "v3", action: "set-vision", params: { enabled: false } });
    expect(off).toMatchObject({ ok: true, result: { vision: false } });
    expect(alive(pid)).toBe(false);
    expect(await vision.status()).toMatchObject({ state: "stopped" });
  });

  it("a command that does not come up is a failure with its words; one that crashes later is restarted", async () => {
    const broken = new VisionService({ command: 'echo "model file missing" >&2; exit 3', log: () => {} }, 500);
    expect(await broken.set(true)).toEqual({ ok: false, error: "vision command exited with 3: model file missing" });
    expect(await broken.status()).toMatchObject({
      state: "failed",
      last_error: expect.stringContaining("exited with 3"),
    });

    const flaky = new VisionService({ command: "sleep 0.4; exit 2", log: () => {} }, 100);
    expect(await flaky.set(true)).toEqual({ ok: true });
    await wait(700);
    expect(await flaky.status()).toMatchObject({ state: "failed", last_error: "vision command exited with 2" });
    // Restarted after its 2 s backoff.
    await wait(2000);
    expect((await flaky.status()).restarts).toBe(1);
    await flaky.close();
  }, 10_000);

  it("--vision-unit: systemctl start / stop, its state read with is-active", async () => {
    const dir = mkdtempSync(join(tmpdir(), "outpost-unit-"));
    writeFileSync(
      join(dir, "systemctl"),
      `#!/bin/sh\ncase "$1" in\n  start) : > "${dir}/active" ;;\n  stop) rm -f "${dir}/active" ;;\n  is-active) if [ -e "${dir}/active" ]; then echo active; else echo inactive; exit 3; fi ;;\nesac\n`,
    );
    chmodSync(join(dir, "systemctl"), 0o755);
    const vision = new VisionService({ unit: "vision.service", env: { PATH: `${dir}:/usr/bin:/bin` }, log: () => {} });
    expect(await vision.set(true)).toEqual({ ok: true });
    expect(await vision.status()).toMatchObject({ state: "running" });
    expect(await vision.set(false)).toEqual({ ok: true });
    expect(await vision.status()).toMatchObject({ state: "stopped" });
    const none = new VisionService({
      unit: "vision.service",
      env: { PATH: mkdtempSync(join(tmpdir(), "e-")) },
      log: () => {},
    });
    expect(await none.set(true)).toEqual({ ok: false, error: "systemctl is not installed" });
  });
});
