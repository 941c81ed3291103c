import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createExecutor } from "./index.ts";

/**
 * Power with real processes: fake `systemctl`, `shutdown` and `loginctl` on a PATH of their own
 * (nothing else on it, so a tool left out is really missing), each recording how it was called.
 */
function bin(tools: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), "outpost-power-"));
  for (const [name, body] of Object.entries(tools)) {
    writeFileSync(join(dir, name), `#!/bin/sh\necho "${name} $@" >> "${dir}/calls"\n${body}\n`);
    chmodSync(join(dir, name), 0o755);
  }
  const calls = () =>
    existsSync(join(dir, "calls")) ? readFileSync(join(dir, "calls"), "utf8").trim().split("\n") : [];
  return { env: { PATH: dir }, calls, dir };
}

const power = (action: "instant-reboot" | "instant-power-off", env: NodeJS.ProcessEnv) => {
  const lines: string[] = [];
  const execute = createExecutor({ allowPower: true, env, log: (line) => lines.push(line), powerTimeoutMs: 3000 });
  return execute({ type: "command", id: `p-${action}`, action, params: {} }).then((reply) => ({ reply, lines }));
};

describe("power provider (--allow-power)", () => {
  it("answers once systemctl --no-block accepted the reboot (exit 0), not before", async () => {
    const tools = bin({ systemctl: '/bin/sleep 0.3; : > "$0.accepted"; exit 0' });
    const { reply } = await power("instant-reboot", tools.env);
    expect(reply).toEqual({ ok: true, result: { dry_run: false, ran: "systemctl --no-block reboot" } });
    // The answer came after the OS took the command.
    expect(existsSync(join(tools.dir, "systemctl.accepted"))).toBe(true);
    expect(tools.calls()).toEqual(["systemctl --no-block reboot"]);
  });

  it("falls back to shutdown, then loginctl, when systemctl refuses", async () => {
    const tools = bin({
      systemctl: 'echo "System has not been booted with systemd as init system (PID 1)." >&2; exit 1',
      shutdown: "exit 0",
    });
    const { reply } = await power("instant-power-off", tools.env);
    expect(reply).toEqual({ ok: true, result: { dry_run: false, ran: "shutdown -h now" } });
    expect(tools.calls()).toEqual(["systemctl --no-block poweroff", "shutdown -h now"]);
  });

  it("a non-zero exit of every way is a failure with each one's words", async () => {
    const tools = bin({
      systemctl: 'echo "Access denied" >&2; exit 1',
      shutdown: 'echo "shutdown: Need to be root" >&2; exit 4',
      loginctl: 'echo "Operation not permitted" >&2; exit 1',
    });
    const { reply } = await power("instant-reboot", tools.env);
    expect(reply.ok).toBe(false);
    const error = reply.ok ? "" : reply.error;
    expect(error).toContain("The device did not accept the reboot");
    expect(error).toContain("systemctl --no-block reboot exited with 1: Access denied");
    expect(error).toContain("shutdown -r now exited with 4: shutdown: Need to be root");
    expect(error).toContain("loginctl reboot exited with 1: Operation not permitted");
  });

  it("missing tools are a failure saying so, and the agent process lives on", async () => {
    const tools = bin({});
    const { reply } = await power("instant-reboot", tools.env);
    expect(reply).toEqual({
      ok: false,
      error:
        "The device did not accept the reboot: systemctl is not installed; shutdown is not installed; loginctl is not installed.",
    });
    // No uncaught 'error' event: this test process (the agent) is still here to run the next one.
    await new Promise((r) => setTimeout(r, 50));
    expect(process.exitCode ?? 0).toBe(0);
  });
});
