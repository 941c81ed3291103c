import { existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { saveConfig } from "./config.ts";
import { loadRegistration, type Registration, registerUnclaimed, registrationPath } from "./register.ts";

const SERVER = "http://console.test";
const later = () => new Date(Date.now() + 3600_000).toISOString();

type Call = { path: string; body: Record<string, unknown> };
type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | Error;

/** A scripted server: answers each call with the next scripted answer for its path. */
function server(script: Record<string, Answer[]>) {
  const calls: Call[] = [];
  const fetch = (async (url: URL, init: RequestInit) => {
    const path = new URL(url).pathname;
    calls.push({ path, body: JSON.parse(String(init.body)) });
    const answer = script[path]?.shift();
    if (!answer) throw new Error(`unscripted call to ${path}`);
    if (answer instanceof Error) throw answer;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: answer.headers,
    });
  }) as unknown as typeof globalThis.fetch;
  return { calls, fetch };
}

function setup(
  script: Record<string, Answer[]>,
  stop?: AbortController,
  configPath = join(mkdtempSync(join(tmpdir(), "outpost-register-")), "agent", "config.json"),
) {
  const shown: Registration[] = [];
  const { calls, fetch } = server(script);
  const run = () =>
    registerUnclaimed({
      server: SERVER,
      configPath,
      pollMs: 1,
      fetch,
      machine: async () => ({ machine_id: "m-1", inventory: { hostname: "kiosk" } }),
      show: (registration) => shown.push(registration),
      saveConfig,
      log: () => {},
      signal: stop?.signal,
    });
  return { configPath, shown, calls, run };
}

const registered = (uuid: string, expires_at = later()) => ({
  status: 201,
  body: { unclaimed_device_uuid: uuid, secret: `secret-${uuid}`, expires_at },
});
const claimed = { status: 200, body: { device_uuid: "dev-1", space_uuid: "space-1", credential: "cred-1" } };
const unclaimed = { status: 202, body: { status: "unclaimed" } };

describe("outpost-agent register", () => {
  it("registers, shows its uuid, waits while unclaimed and saves the credential once claimed", async () => {
    const t = setup({
      "/api/agent/unclaimed/": [registered("u-1")],
      "/api/agent/enroll/": [unclaimed, unclaimed, claimed],
    });
    const config = await t.run();
    expect(config).toEqual({ server: SERVER, device_uuid: "dev-1", space_uuid: "space-1", credential: "cred-1" });
    expect(t.shown.map((r) => r.unclaimed_device_uuid)).toEqual(["u-1"]);
    expect(t.calls.map((c) => c.path)).toEqual([
      "/api/agent/unclaimed/",
      "/api/agent/enroll/",
      "/api/agent/enroll/",
      "/api/agent/enroll/",
    ]);
    expect(t.calls[0].body).toEqual({ machine_id: "m-1", inventory: { hostname: "kiosk" } });
    expect(t.calls[3].body).toMatchObject({ unclaimed_device_uuid: "u-1", secret: "secret-u-1", machine_id: "m-1" });
    expect(JSON.parse(readFileSync(t.configPath, "utf8"))).toEqual(config);
    expect(statSync(t.configPath).mode & 0o777).toBe(0o600);
    expect(existsSync(registrationPath(t.configPath))).toBe(false);
  });

  it("keeps the registration (owner-only) while waiting, and resumes it after a restart", async () => {
    const stop = new AbortController();
    const polls = Array.from({ length: 1000 }, () => unclaimed);
    const first = setup({ "/api/agent/unclaimed/": [registered("u-2")], "/api/agent/enroll/": polls }, stop);
    const waiting = first.run();
    await expect.poll(() => first.calls.length).toBeGreaterThan(2); // registered, then polling
    stop.abort(); // the agent is stopped while waiting
    await expect(waiting).rejects.toThrow();
    const pending = registrationPath(first.configPath);
    expect(statSync(pending).mode & 0o777).toBe(0o600);
    expect(loadRegistration(pending, SERVER)?.unclaimed_device_uuid).toBe("u-2");
    expect(loadRegistration(pending, "http://other.test")).toBeNull();
    expect(loadRegistration(pending, SERVER, Date.now() + 7200_000)).toBeNull();

    // Started again with the same configuration path: no new registration, the same code shown.
    const again = setup({ "/api/agent/enroll/": [claimed] }, undefined, first.configPath);
    expect((await again.run()).device_uuid).toBe("dev-1");
    expect(again.shown.map((r) => r.unclaimed_device_uuid)).toEqual(["u-2"]);
    expect(again.calls.map((c) => c.path)).toEqual(["/api/agent/enroll/"]);
    expect(existsSync(pending)).toBe(false);
  });

  it("registers again, with a new code, when the registration expires unclaimed", async () => {
    const expired = {
      status: 400,
      body: { code: "bad_request", message: "Unknown, expired or used registration." },
    };
    const t = setup({
      "/api/agent/unclaimed/": [registered("u-3"), registered("u-4")],
      "/api/agent/enroll/": [unclaimed, expired, claimed],
    });
    await t.run();
    expect(t.shown.map((r) => r.unclaimed_device_uuid)).toEqual(["u-3", "u-4"]);
    expect(t.calls.at(-1)?.body).toMatchObject({ unclaimed_device_uuid: "u-4", secret: "secret-u-4" });
  });

  it("waits out an unreachable server and server errors instead of giving up", async () => {
    const t = setup({
      "/api/agent/unclaimed/": [new TypeError("fetch failed"), { status: 503, body: {} }, registered("u-5")],
      "/api/agent/enroll/": [new TypeError("fetch failed"), { status: 500, body: {} }, claimed],
    });
    expect((await t.run()).credential).toBe("cred-1");
    expect(t.shown).toHaveLength(1);
  });

  it("stops with the server's message when the registration is refused", async () => {
    const t = setup({
      "/api/agent/unclaimed/": [{ status: 400, body: { code: "bad_request", message: "Invalid request." } }],
    });
    await expect(t.run()).rejects.toThrow("Registration refused (400): Invalid request.");
    expect(t.shown).toHaveLength(0);
  });
});
