import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AgentStateFile } from "../state.ts";
import { createExecutor } from "./index.ts";
import { matchUsb } from "./usb-peripherals.ts";

/** A sysfs USB tree of its own: each device a directory with manufacturer, product, serial, authorized. */
function sysfs(devices: Record<string, { manufacturer?: string; product?: string; serial?: string }>) {
  const dir = mkdtempSync(join(tmpdir(), "outpost-usb-"));
  for (const [port, files] of Object.entries(devices)) {
    mkdirSync(join(dir, port));
    for (const [name, value] of Object.entries(files)) writeFileSync(join(dir, port, name), `${value}\n`);
    writeFileSync(join(dir, port, "authorized"), "1\n");
  }
  return dir;
}

const uuid = "0b5e4c1e-1111-4222-8333-444455556666";
const toggle = (dir: string, params: Record<string, unknown>) => {
  const state = new AgentStateFile();
  const execute = createExecutor({ allowPower: false, log: () => {}, state, usbDevicesDir: dir });
  return execute({
    type: "command",
    id: "p",
    action: "set-peripheral-enabled",
    params: { peripheral_uuid: uuid, type: "money-acceptor", ...params },
  }).then((reply) => ({ reply, state }));
};

describe("switching a USB peripheral (sysfs authorized)", () => {
  it("matches by serial number, else by 'manufacturer product'; interfaces are not devices", () => {
    const devices = [
      { port: "1-1.2:1.0", manufacturer: "JCM", product: "iVIZION", serial: "JC123" },
      { port: "1-1.2", manufacturer: "JCM", product: "iVIZION", serial: "JC123" },
      { port: "1-1.3", manufacturer: "Ingenico", product: "iPP350", serial: "" },
    ];
    expect(matchUsb(devices, { serial_number: "JC123" })?.port).toBe("1-1.2");
    expect(matchUsb(devices, { name: "Ingenico iPP350" })?.port).toBe("1-1.3");
    expect(matchUsb(devices, { name: "Bill acceptor iPP350" })?.port).toBe("1-1.3");
    expect(matchUsb(devices, { name: "Unknown thing" })).toBeNull();
  });

  it("disabling deauthorises the device (0), enabling authorises it again (1)", async () => {
    const dir = sysfs({
      "1-1": { manufacturer: "Linux Foundation", product: "2.0 root hub" },
      "1-1.2": { manufacturer: "JCM", product: "iVIZION 100", serial: "JC0042" },
    });
    const off = await toggle(dir, { enabled: false, name: "JCM iVIZION 100", serial_number: "JC0042" });
    expect(off.reply).toEqual({ ok: true, result: { peripheral_uuid: uuid, enabled: false, authorized: false } });
    expect(readFileSync(join(dir, "1-1.2", "authorized"), "utf8")).toBe("0");
    expect(readFileSync(join(dir, "1-1", "authorized"), "utf8")).toBe("1\n");
    expect(off.state.state.peripherals[uuid]).toMatchObject({ enabled: false });
    const on = await toggle(dir, { enabled: true, name: "JCM iVIZION 100", serial_number: "JC0042" });
    expect(on.reply).toMatchObject({ ok: true, result: { authorized: true } });
    expect(readFileSync(join(dir, "1-1.2", "authorized"), "utf8")).toBe("1");
  });

  it("where it cannot, the answer says monitoring only and why", async () => {
    const none = await toggle(sysfs({}), { enabled: false, name: "Azkoyen X6" });
    expect(none.reply).toEqual({
      ok: true,
      result: {
        peripheral_uuid: uuid,
        enabled: false,
        monitoring_only: true,
        reason: "The peripheral is not a USB device this agent can switch.",
      },
    });
    // The monitoring still stops.
    expect(none.state.state.peripherals[uuid]).toMatchObject({ enabled: false });
    // An `authorized` the agent cannot write (a directory here: this test may run as root).
    const dir = sysfs({ "1-4": { manufacturer: "Azkoyen", product: "X6" } });
    const file = join(dir, "1-4", "authorized");
    await import("node:fs/promises").then((fs) => fs.rm(file).then(() => fs.mkdir(file)));
    const refused = await toggle(dir, { enabled: false, name: "Azkoyen X6" });
    expect(refused.reply).toMatchObject({ ok: true, result: { monitoring_only: true } });
    expect(refused.reply.ok && refused.reply.result?.reason).toContain(`may not write ${file}`);
  });
});
