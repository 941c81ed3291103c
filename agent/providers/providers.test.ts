import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Command } from "../../contracts/realtime/events.ts";
import { AgentStateFile } from "../state.ts";
import { createExecutor } from "./index.ts";
import { currentTunnel } from "./remote.ts";
import { findGrabber } from "./screenshot.ts";
import type { ProviderOptions } from "./types.ts";

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const command = (action: Command["action"], params: Record<string, unknown> = {}): Command => ({
  type: "command",
  id: `c-${action}`,
  action,
  params,
});

/** A directory with fake programs: each prints `output` (a JPEG unless told otherwise). */
function fakePrograms(programs: string[], output = JPEG) {
  const dir = mkdtempSync(join(tmpdir(), "outpost-bin-"));
  const data = join(dir, "out.bin");
  writeFileSync(data, output);
  for (const program of programs) {
    writeFileSync(join(dir, program), `#!/bin/sh\ncat "${data}"\n`);
    chmodSync(join(dir, program), 0o755);
  }
  return dir;
}

const run = (action: Command["action"], options: Partial<ProviderOptions>, params?: Record<string, unknown>) => {
  const lines: string[] = [];
  const execute = createExecutor({ allowPower: false, log: (line) => lines.push(line), ...options });
  return execute(command(action, params)).then((reply) => ({ reply, lines }));
};

describe("screenshot provider", () => {
  it("finds a screen grabber on PATH for the display in use", () => {
    const bin = fakePrograms(["grim", "import"]);
    expect(findGrabber({ PATH: bin, WAYLAND_DISPLAY: "wayland-0" })).toBe("grim -t jpeg -");
    expect(findGrabber({ PATH: bin, DISPLAY: ":0" })).toBe("import -silent -window root jpeg:-");
    expect(findGrabber({ PATH: bin })).toBeNull(); // no display: nothing to grab
    expect(findGrabber({ PATH: fakePrograms([]), DISPLAY: ":0" })).toBeNull();
  });

  it("takes the screenshot with the grabber it found", async () => {
    const env = { PATH: `${fakePrograms(["grim"])}:/usr/bin:/bin`, WAYLAND_DISPLAY: "wayland-0" };
    const { reply } = await run("screenshot", { env });
    expect(reply).toEqual({ ok: true, result: { image_base64: JPEG.toString("base64"), bytes: JPEG.length } });
  });

  it("says what to install when there is no grabber, and refuses what is not a JPEG", async () => {
    const none = await run("screenshot", { env: { PATH: fakePrograms([]) } });
    expect(none.reply).toMatchObject({ ok: false, error: expect.stringContaining("No screen grabber found") });
    const env = { PATH: `${fakePrograms(["grim"], Buffer.from("not an image"))}:/usr/bin:/bin`, WAYLAND_DISPLAY: "w" };
    expect((await run("screenshot", { env })).reply).toEqual({ ok: false, error: "Screenshot is not a JPEG image." });
    const failing = await run("screenshot", { screenshotCommand: "exit 3" });
    expect(failing.reply).toMatchObject({ ok: false, error: expect.stringContaining("screenshot command failed") });
  });
});

describe("power and remote desktop providers", () => {
  it("reboot without --allow-power only says what it would run", async () => {
    const { reply, lines } = await run("instant-reboot", {});
    expect(reply).toEqual({ ok: true, result: { dry_run: true, would_run: "systemctl --no-block reboot" } });
    expect(lines).toEqual(["dry run: would run systemctl --no-block reboot"]);
    expect((await run("instant-power-off", {})).reply).toMatchObject({
      result: { would_run: "systemctl --no-block poweroff" },
    });
  });

  it("remote desktop reports the configured address, or why it cannot", async () => {
    expect((await run("remote-desktop", { vncUrl: "vnc://10.0.0.5:5901" })).reply).toEqual({
      ok: true,
      result: { url: "vnc://10.0.0.5:5901", host: "10.0.0.5", port: 5901 },
    });
    expect((await run("remote-desktop", {})).reply).toMatchObject({ ok: false });
    // Headless VNC never hands out the ordinary address: without --allow-headless-vnc it refuses.
    expect((await run("headless-remote-desktop", { vncUrl: "vnc://10.0.0.5:5901" })).reply).toEqual({
      ok: false,
      error: "Headless VNC is not allowed on this device (start the agent with --allow-headless-vnc).",
    });
  });

  it("reverse SSH opens ssh -R to the relay and reports the port; a tunnel that dies says so", async () => {
    expect((await run("reverse-ssh", {})).reply).toEqual({
      ok: false,
      error: "No reverse SSH relay configured (--rssh-relay user@host).",
    });
    // A fake ssh that records its arguments and stays up, like a tunnel.
    const bin = mkdtempSync(join(tmpdir(), "outpost-ssh-"));
    const argsFile = join(bin, "args");
    writeFileSync(join(bin, "ssh"), `#!/bin/sh\necho "$@" > "${argsFile}"\nexec sleep 30\n`);
    chmodSync(join(bin, "ssh"), 0o755);
    const env = { PATH: `${bin}:/usr/bin:/bin` };
    const up = await run("reverse-ssh", { env, rsshRelay: "tunnel@relay.example.com", rsshPort: 22022 });
    expect(up.reply).toEqual({ ok: true, result: { host: "relay.example.com", port: 22022 } });
    expect(readFileSync(argsFile, "utf8")).toContain("-R 22022:localhost:22 tunnel@relay.example.com");
    currentTunnel()?.kill();

    writeFileSync(join(bin, "ssh"), "#!/bin/sh\nexit 255\n");
    const down = await run("reverse-ssh", { env, rsshRelay: "tunnel@relay.example.com" });
    expect(down.reply).toEqual({ ok: false, error: "Reverse SSH failed: ssh exited with 255" });
  }, 10_000);
});

describe("params checked against contracts/commands/schema.ts", () => {
  it("settings and peripheral switches take their typed params; bad ones fail with what is wrong", async () => {
    expect((await run("set-debug", {}, { debug_mode: true })).reply).toMatchObject({
      ok: true,
      result: { debug_mode: true },
    });
    expect((await run("set-enabled", {}, { enabled: "yes" })).reply).toEqual({
      ok: false,
      error: "Invalid parameters for set-enabled: enabled: Invalid input: expected boolean, received string.",
    });
    const uuid = "0b5e4c1e-1111-4222-8333-444455556666";
    const state = new AgentStateFile();
    const switched = { peripheral_uuid: uuid, type: "card-reader", enabled: false };
    const on = await run(
      "set-peripheral-enabled",
      { state, usbDevicesDir: mkdtempSync(join(tmpdir(), "usb-")) },
      switched,
    );
    expect(on.reply).toMatchObject({
      ok: true,
      result: { peripheral_uuid: uuid, enabled: false, monitoring_only: true },
    });
    expect(state.state.peripherals[uuid]).toEqual({ enabled: false, type: "card-reader" });
    expect((await run("set-peripheral-enabled", {}, { enabled: false })).reply).toMatchObject({
      ok: false,
      error: expect.stringContaining("Invalid parameters for set-peripheral-enabled: peripheral_uuid"),
    });
  });
});
