import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DetectionResult } from "../../contracts/detection/schema.ts";
import { simDetections } from "../sim/simulator.ts";
import { classify, nameOf, parseIpNeigh, parseProcArp, toFindings } from "./detect.ts";
import { createExecutor } from "./index.ts";

const ARP = `IP address       HW type     Flags       HW address            Mask     Device
10.25.0.1        0x1         0x2         00:1a:2b:3c:4d:5e     *        eth0
10.25.0.61       0x1         0x2         44:19:B6:0e:7f:3a     *        eth0
10.25.0.62       0x1         0x2         dc:a6:32:41:2b:91     *        eth0
10.25.0.63       0x1         0x0         00:00:00:00:00:00     *        eth0
10.25.0.64       0x1         0x2         00:00:00:00:00:00     *        eth0
10.25.0.65       0x1         0x6         ac:cc:8e:12:34:56     *        wlan0
10.25.0.66       0x1         0x2         dc:a6:32:41:2b:91     *        wlan0
`;

const IP_NEIGH = `10.25.0.62 dev eth0 lladdr dc:a6:32:41:2b:91 REACHABLE
10.25.0.70 dev eth0 FAILED
10.25.0.71 dev eth0 INCOMPLETE
fe80::1 dev eth0 lladdr 90:02:a9:00:00:01 router STALE
10.25.0.72 dev eth0 lladdr 00:04:4b:aa:bb:cc STALE
`;

describe("neighbour table parsing", () => {
  it("reads complete /proc/net/arp entries and leaves out incomplete ones", () => {
    expect(parseProcArp(ARP)).toEqual([
      { ip: "10.25.0.1", mac: "00:1a:2b:3c:4d:5e", device: "eth0" },
      { ip: "10.25.0.61", mac: "44:19:b6:0e:7f:3a", device: "eth0" },
      { ip: "10.25.0.62", mac: "dc:a6:32:41:2b:91", device: "eth0" },
      { ip: "10.25.0.65", mac: "ac:cc:8e:12:34:56", device: "wlan0" },
      { ip: "10.25.0.66", mac: "dc:a6:32:41:2b:91", device: "wlan0" },
    ]);
    expect(parseProcArp("")).toEqual([]);
    expect(parseProcArp(ARP.split("\n")[0])).toEqual([]);
  });

  it("reads `ip neigh` output", () => {
    expect(parseIpNeigh(IP_NEIGH)).toEqual([
      { ip: "10.25.0.62", mac: "dc:a6:32:41:2b:91", device: "eth0" },
      { ip: "fe80::1", mac: "90:02:a9:00:00:01", device: "eth0" },
      { ip: "10.25.0.72", mac: "00:04:4b:aa:bb:cc", device: "eth0" },
    ]);
  });
});

describe("classification", () => {
  it("knows machines by their MAC prefix", () => {
    expect(classify("B8:27:EB:01:02:03")).toEqual({ vendor: "raspberry-pi", device_type: "raspberry_pi" });
    expect(classify("2c-cf-67-01-02-03").device_type).toBe("raspberry_pi");
    expect(classify("44:19:b6:01:02:03")).toEqual({ vendor: "hikvision", device_type: "camera" });
    expect(classify("3c:ef:8c:01:02:03")).toEqual({ vendor: "dahua", device_type: "camera" });
    expect(classify("00:40:8c:01:02:03")).toEqual({ vendor: "axis", device_type: "camera" });
    expect(classify("00:80:77:01:02:03")).toEqual({ vendor: "unknown", device_type: "unknown" });
  });

  it("names a machine by vendor and the MAC's last four hex digits, one finding per MAC", () => {
    expect(nameOf("44:19:B6:00:0A:11")).toBe("hikvision-0a11");
    expect(nameOf("00:e0:4c:68:0c:11")).toBe("unknown-0c11");
    const findings = toFindings(parseProcArp(ARP));
    expect(findings.map((f) => f.name)).toEqual(["unknown-4d5e", "hikvision-7f3a", "raspberry-pi-2b91", "axis-3456"]);
    expect(findings[1]).toEqual({
      name: "hikvision-7f3a",
      ip_address: "10.25.0.61",
      mac_address: "44:19:b6:0e:7f:3a",
      device_type: "camera",
    });
  });
});

describe("detect-devices provider", () => {
  const run = (options: { neighbourFile?: string; env?: NodeJS.ProcessEnv }) => {
    const lines: string[] = [];
    const execute = createExecutor({ allowPower: false, log: (line) => lines.push(line), ...options });
    return execute({ type: "command", id: "c-detect", action: "detect-devices", params: {} }).then((reply) => ({
      reply,
      lines,
    }));
  };

  it("answers with the machines of the neighbour table in the DetectionResult shape", async () => {
    const dir = mkdtempSync(join(tmpdir(), "outpost-arp-"));
    const file = join(dir, "arp");
    writeFileSync(file, ARP);
    const { reply, lines } = await run({ neighbourFile: file });
    expect(reply.ok).toBe(true);
    const result = DetectionResult.parse(reply.ok ? reply.result : null);
    expect(result.devices).toHaveLength(4);
    expect(result.devices[2]).toEqual({
      name: "raspberry-pi-2b91",
      ip_address: "10.25.0.62",
      mac_address: "dc:a6:32:41:2b:91",
      device_type: "raspberry_pi",
    });
    expect(lines).toEqual(["detect-devices: 4 machine(s) on the network"]);
  });

  it("falls back to `ip neigh` without the file, and says why when neither works", async () => {
    const bin = mkdtempSync(join(tmpdir(), "outpost-ip-"));
    writeFileSync(join(bin, "ip"), `#!/bin/sh\ncat <<'EOF'\n${IP_NEIGH}EOF\n`);
    chmodSync(join(bin, "ip"), 0o755);
    const missing = join(bin, "no-such-arp");
    const { reply } = await run({ neighbourFile: missing, env: { PATH: `${bin}:/usr/bin:/bin` } });
    expect(reply).toMatchObject({ ok: true, result: { devices: expect.any(Array) } });
    expect(DetectionResult.parse(reply.ok ? reply.result : null).devices.map((d) => d.device_type)).toEqual([
      "raspberry_pi",
      "android_tv",
      "camera",
    ]);
    const none = await run({ neighbourFile: missing, env: { PATH: mkdtempSync(join(tmpdir(), "outpost-empty-")) } });
    expect(none.reply).toMatchObject({ ok: false, error: expect.stringContaining("Cannot read the neighbour table") });
  });
});

describe("simulated detection", () => {
  it("finds 2–5 machines per runner, the same ones every time, in the DetectionResult shape", () => {
    for (const uuid of ["0b3c1f9e-4a51-4f0e-9d7a-1c2b3d4e5f60", "7d1e2f3a-0000-4000-8000-000000000001", "x"]) {
      const devices = simDetections(uuid);
      expect(devices.length).toBeGreaterThanOrEqual(2);
      expect(devices.length).toBeLessThanOrEqual(5);
      expect(DetectionResult.parse({ devices }).devices).toEqual(devices);
      expect(simDetections(uuid)).toEqual(devices);
      expect(new Set(devices.map((d) => d.mac_address)).size).toBe(devices.length);
      for (const d of devices) expect(d.ip_address).toMatch(/^10\.\d+\.\d+\.\d+$/);
    }
  });
});
