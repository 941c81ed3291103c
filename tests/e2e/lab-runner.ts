import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { LAB_SPACE_UUID } from "../../agent/sim/demo-data.ts";
import { bearer } from "./support.ts";
import { type APIRequestContext, expect } from "./test.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export type LabRunner = {
  uuid: string;
  name: string;
  location_uuid: string;
  /** The API of the lab space and an Authorization header for it. */
  api: string;
  auth: Record<string, string>;
  /** Stops the simulated agent (its socket closes, so the device goes offline). */
  stop: () => void;
};

/**
 * A new runner device at the lab's Munich Test Bench, enrolled through the public API as an
 * agent would be, and run by the simulator (a real agent session, every command answered at
 * once). In the lab space so the demo space's lists stay as the other tests expect them.
 */
export async function startLabRunner(
  request: APIRequestContext,
  baseURL: string,
  prefix: string,
  /** More simulator flags (e.g. `--vnc-port N` for the remote desktop test). */
  simulatorArgs: string[] = [],
): Promise<LabRunner> {
  const auth = await bearer(request);
  const api = `/api/space/${LAB_SPACE_UUID}`;
  const { locations } = await (
    await request.get(`${api}/location/items/`, { headers: auth, params: { name: "Munich Test Bench" } })
  ).json();
  const location_uuid = (locations[0] as { uuid: string }).uuid;
  const added = await request.post(`${api}/device/add/`, {
    headers: auth,
    data: { name: `${prefix} ${Date.now().toString(36)}`, location: location_uuid },
  });
  expect(added.status()).toBe(201);
  const device = (await added.json()) as { uuid: string; name: string };
  const reset = await request.post(`${api}/device/${device.uuid}/installation-code/reset/`, { headers: auth });
  const { installation_code_value: code } = await reset.json();
  const enrolled = await request.post("/api/agent/enroll/", {
    data: { code, machine_id: `e2e-${device.uuid.slice(0, 8)}`, inventory: { device_type: "linux" } },
  });
  expect(enrolled.status()).toBe(200);
  const { credential } = await enrolled.json();
  const dir = mkdtempSync(join(tmpdir(), "outpost-runner-"));
  const devicesJson = join(dir, "devices.json");
  writeFileSync(devicesJson, JSON.stringify([{ ...device, space_uuid: LAB_SPACE_UUID, credential }]), {
    mode: 0o600,
  });
  const child: ChildProcess = spawn(
    process.execPath,
    [
      "agent/sim/simulator.ts",
      "--server",
      baseURL,
      "--devices-json",
      devicesJson,
      "--simulated-json",
      join(dir, "simulated.json"),
      "--no-flaky",
      "--instant",
      "--quiet",
      ...simulatorArgs,
    ],
    { cwd: ROOT, stdio: "inherit" },
  );
  const stop = () => {
    child.kill("SIGTERM");
  };
  try {
    await expect
      .poll(async () => (await (await request.get(`${api}/device/${device.uuid}/`, { headers: auth })).json()).online, {
        timeout: 30_000,
      })
      .toBe(true);
  } catch (error) {
    stop();
    throw error;
  }
  return { ...device, location_uuid, api, auth, stop };
}
