import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { SAMPLE_JPEG } from "../../agent/simulator.ts";
import { DEMO_PASSWORD, DEMO_SPACE_UUID, locationUuid } from "../../scripts/demo-data.ts";

const ROOT = join(import.meta.dirname, "../..");
const AGENT = ["agent/bin/outpost-agent.ts"];

async function signIn(request: APIRequestContext) {
  const res = await request.post("/auth/token", {
    form: {
      grant_type: "password",
      username: "content-manager@outpost.demo",
      password: DEMO_PASSWORD,
      client_id: "outpost-console",
    },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

test("a real agent enrols with a code, comes online, takes a screenshot, reboots (dry run) and goes offline", async ({
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const token = await signIn(request);
  const headers = { Authorization: `Bearer ${token}` };
  const space = `/api/space/${DEMO_SPACE_UUID}`;

  // An operator adds a device and gets its installation code.
  const added = await request.post(`${space}/device/add/`, {
    headers,
    data: { name: `E2E agent ${Date.now()}`, location: locationUuid("zagreb_hq") },
  });
  expect(added.status()).toBe(201);
  const device = (await added.json()) as { uuid: string };
  const reset = await request.post(`${space}/device/${device.uuid}/installation-code/reset/`, { headers });
  const { installation_code_value: code } = (await reset.json()) as { installation_code_value: string };

  // The agent enrols and keeps its credential in a 0600 file.
  const dir = mkdtempSync(join(tmpdir(), "outpost-agent-"));
  const config = join(dir, "config.json");
  const shot = join(dir, "screen.jpg");
  writeFileSync(shot, Buffer.from(SAMPLE_JPEG, "base64"));
  const enrol = spawnSync(
    process.execPath,
    [...AGENT, "enroll", "--server", baseURL ?? "", "--code", code, "--config", config],
    { cwd: ROOT, encoding: "utf8" },
  );
  expect(enrol.status, enrol.stderr).toBe(0);
  expect(statSync(config).mode & 0o777).toBe(0o600);

  let output = "";
  const agent: ChildProcess = spawn(
    process.execPath,
    [...AGENT, "run", "--config", config, "--screenshot-file", shot],
    { cwd: ROOT },
  );
  agent.stdout?.on("data", (d) => {
    output += String(d);
  });
  agent.stderr?.on("data", (d) => {
    output += String(d);
  });
  try {
    const detail = async () =>
      (await (await request.get(`${space}/device/${device.uuid}/`, { headers })).json()) as {
        online: boolean;
        connected_status: string;
        operating_system_name: string | null;
      };
    await expect.poll(async () => (await detail()).online, { timeout: 30_000 }).toBe(true);
    expect((await detail()).connected_status).toBe("connected");
    await expect.poll(async () => (await detail()).operating_system_name, { timeout: 15_000 }).toBeTruthy();

    const capture = await request.post(`${space}/device/${device.uuid}/screen-capture/`, {
      headers,
      data: { action: "screenshot" },
    });
    expect(capture.status()).toBe(200);
    const { screenshot_url } = (await capture.json()) as { screenshot_url: string };
    const image = await request.get(screenshot_url, { headers });
    expect(image.headers()["content-type"]).toBe("image/jpeg");
    expect((await image.body()).equals(Buffer.from(SAMPLE_JPEG, "base64"))).toBe(true);

    const reboot = await request.post(`/api/device/${device.uuid}/power-control/`, {
      headers,
      data: { action: "instant-reboot" },
    });
    expect(reboot.status()).toBe(204);
    expect(output).toContain("dry run: would run systemctl reboot");
  } finally {
    agent.kill("SIGTERM");
  }
  await expect
    .poll(
      async () =>
        ((await (await request.get(`${space}/device/${device.uuid}/`, { headers })).json()) as { online: boolean })
          .online,
      {
        timeout: 15_000,
      },
    )
    .toBe(false);
});
