import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { LAB_SPACE_UUID } from "../../agent/sim/demo-data.ts";
import { bearer } from "./support.ts";
import { expect, test } from "./test.ts";

/**
 * `npm run simulate -- --devices N` with more devices than the seed enrolled: the simulator
 * provisions the rest through the public API (add runner device, reset code, enrol), runs them
 * as real agents, keeps their credentials for the next run, and they go offline when it stops.
 * In the lab space so the demo space's lists stay as the other tests expect them.
 */
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

function simulate(baseURL: string, simulated: string): { child: ChildProcess; output: () => string } {
  let output = "";
  const child = spawn(
    process.execPath,
    [
      "agent/sim/simulator.ts",
      "--server",
      baseURL,
      "--devices",
      "3",
      "--devices-json",
      join(ROOT, "tests/e2e/no-seeded-devices.json"),
      "--space",
      LAB_SPACE_UUID,
      "--simulated-json",
      simulated,
      "--no-flaky",
      "--instant",
    ],
    { cwd: ROOT },
  );
  child.stdout?.on("data", (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on("data", (chunk) => {
    output += String(chunk);
  });
  return { child, output: () => output };
}

type Listed = { uuid: string; name: string; online: boolean; connected_status: string };

test("the simulator provisions devices beyond the seeded ones, runs them, and reuses them next time", async ({
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const auth = await bearer(request);
  const simulated = join(mkdtempSync(join(tmpdir(), "outpost-sim-")), "simulated-devices.json");
  const list = async (params: Record<string, string> = {}) => {
    const res = await request.get(`/api/space/${LAB_SPACE_UUID}/device/items/`, {
      headers: auth,
      params: { search: "SIM-", page_size: 100, ...params },
    });
    expect(res.status()).toBe(200);
    // The search matches any text containing "SIM-" (a description, another test's runner):
    // keep the provisioned ones only.
    const devices = ((await res.json()) as { devices: Listed[] }).devices.filter((d) => d.name.startsWith("SIM-"));
    return { devices, objects_count: devices.length };
  };

  const first = simulate(baseURL ?? "", simulated);
  let uuids: string[] = [];
  try {
    await expect.poll(async () => (await list({ online: "true" })).objects_count, { timeout: 60_000 }).toBe(3);
    const { devices } = await list();
    expect(devices.every((d) => d.connected_status === "connected" && /^SIM-000[1-3] /.test(d.name))).toBe(true);
    uuids = devices.map((d) => d.uuid).sort();
    // Credentials are kept owner-only for the next run.
    expect(statSync(simulated).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(simulated, "utf8")) as { server: string; devices: { uuid: string }[] };
    expect(saved.server).toBe(baseURL);
    expect(saved.devices.map((d) => d.uuid).sort()).toEqual(uuids);
    // Each reports an inventory of its simulated platform. The room answers the hello and writes
    // the device online before the inventory's write (which waits for its batch): it follows.
    const detail = async () =>
      (await (await request.get(`/api/space/${LAB_SPACE_UUID}/device/${uuids[0]}/`, { headers: auth })).json()) as {
        operating_system_name: string | null;
        cpu_model: string | null;
      };
    await expect
      .poll(async () => (await detail()).operating_system_name ?? "", { timeout: 10_000 })
      .toMatch(/Debian|Windows|Raspberry Pi OS|Android TV/);
    expect((await detail()).cpu_model).toMatch(/threads/);
  } finally {
    first.child.kill("SIGTERM");
  }
  // Stopped: every socket closes, so all three go offline.
  await expect.poll(async () => (await list({ online: "true" })).objects_count, { timeout: 30_000 }).toBe(0);

  // Started again: the same three devices come back; none is added.
  const second = simulate(baseURL ?? "", simulated);
  try {
    await expect.poll(async () => (await list({ online: "true" })).objects_count, { timeout: 60_000 }).toBe(3);
    expect((await list()).devices.map((d) => d.uuid).sort()).toEqual(uuids);
    expect(second.output()).not.toContain("provisioning");
  } finally {
    second.child.kill("SIGTERM");
  }
});
