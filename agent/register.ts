import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { API_PREFIX, routePath } from "../contracts/http/route.ts";
import { enrollAgent, registerAgent } from "../contracts/installation/agent-routes.ts";
import { AgentEnrollment, AgentRegistration } from "../contracts/installation/schema.ts";
import type { AgentConfig } from "./config.ts";

/** An unclaimed registration in progress: kept next to the configuration (0600) to survive restarts. */
export type Registration = { server: string; unclaimed_device_uuid: string; secret: string; expires_at: string };

export const registrationPath = (configPath: string) => `${configPath}.registration`;

export function loadRegistration(path: string, server: string, now = Date.now()): Registration | null {
  try {
    const saved = JSON.parse(readFileSync(path, "utf8")) as Partial<Registration>;
    if (saved.server !== server || !saved.unclaimed_device_uuid || !saved.secret || !saved.expires_at) return null;
    if (Date.parse(saved.expires_at) <= now) return null;
    return saved as Registration;
  } catch {
    return null;
  }
}

function saveRegistration(path: string, registration: Registration) {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(path, `${JSON.stringify(registration, null, 2)}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
}

type Machine = { machine_id: string | null; inventory: unknown };
type Reply = { status: number; body: Record<string, unknown>; retryAfter: number | null };

export type RegisterOptions = {
  server: string;
  configPath: string;
  /** The machine's identity and inventory, sent with the registration and the enrolment. */
  machine: () => Promise<Machine>;
  /** Shows the uuid to the operator (the CLI draws it as a QR code). */
  show: (registration: Registration) => void;
  saveConfig: (path: string, config: AgentConfig) => void;
  log: (line: string) => void;
  pollMs?: number;
  fetch?: typeof fetch;
  signal?: AbortSignal;
};

/**
 * `outpost-agent register`: an agent without an installation code registers as unclaimed
 * (POST /api/agent/unclaimed/), shows its unclaimed_device_uuid, and polls POST /api/agent/enroll/
 * with the registration's secret until an operator claims it by scanning the QR code. Then the
 * device credential is saved like `enroll` saves it. A registration that expires unclaimed is
 * replaced by a new one (and a new code shown); network errors and throttling are waited out.
 */
export async function registerUnclaimed(options: RegisterOptions): Promise<AgentConfig> {
  const { server, configPath, log, signal } = options;
  const pollMs = options.pollMs ?? 5000;
  const doFetch = options.fetch ?? fetch;
  const pending = registrationPath(configPath);
  const machine = await options.machine();

  const post = async (path: string, body: unknown): Promise<Reply> => {
    const res = await doFetch(new URL(path, server), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal,
    });
    const retry = Number(res.headers.get("Retry-After"));
    return {
      status: res.status,
      body: ((await res.json().catch(() => ({}))) ?? {}) as Record<string, unknown>,
      retryAfter: Number.isFinite(retry) && retry > 0 ? retry : null,
    };
  };

  let failures = 0;
  /** Waits before the next try: the server's Retry-After, else backoff on failures, else the poll. */
  const pause = (reply?: Reply | null) => {
    const backoff = Math.min(60_000, pollMs * 2 ** Math.max(0, failures - 1));
    const ms = reply?.retryAfter ? reply.retryAfter * 1000 : failures > 0 ? backoff : pollMs;
    return sleep(ms, undefined, { signal });
  };

  let registration = loadRegistration(pending, server);
  if (registration) log(`resuming registration ${registration.unclaimed_device_uuid}`);
  for (;;) {
    if (!registration) {
      const reply = await post(API_PREFIX + routePath(registerAgent), machine).catch((error: unknown) => {
        if (signal?.aborted) throw error;
        return null;
      });
      const created = reply?.status === 201 ? AgentRegistration.safeParse(reply.body) : null;
      if (created?.success) {
        registration = { server, ...created.data };
        saveRegistration(pending, registration);
        failures = 0;
      } else if (reply && reply.status >= 400 && reply.status < 500 && reply.status !== 429) {
        throw new Error(`Registration refused (${reply.status}): ${reply.body.message ?? "unexpected reply"}`);
      } else {
        failures++;
        log(`registration failed (${reply ? `HTTP ${reply.status}` : "server unreachable"}); retrying`);
        await pause(reply);
        continue;
      }
    }
    options.show(registration);

    // Poll until claimed, expired or refused.
    let last: Reply | null = null;
    for (;;) {
      await pause(last);
      const reply = await post(API_PREFIX + routePath(enrollAgent), {
        unclaimed_device_uuid: registration.unclaimed_device_uuid,
        secret: registration.secret,
        ...machine,
      }).catch((error: unknown) => {
        if (signal?.aborted) throw error;
        return null;
      });
      last = reply;
      if (reply?.status === 202) {
        failures = 0;
        if (Date.parse(registration.expires_at) <= Date.now()) break;
        continue;
      }
      if (reply?.status === 200) {
        const enrolled = AgentEnrollment.safeParse(reply.body);
        if (!enrolled.success) throw new Error("Enrolment failed: unexpected reply");
        const config = { server, ...enrolled.data };
        options.saveConfig(configPath, config);
        rmSync(pending, { force: true });
        return config;
      }
      if (reply?.status === 400) break; // expired or unknown: register anew
      if (reply && reply.status >= 400 && reply.status < 500 && reply.status !== 429) {
        throw new Error(`Enrolment refused (${reply.status}): ${reply.body.message ?? "unexpected reply"}`);
      }
      failures++;
      log(`waiting for the server (${reply ? `HTTP ${reply.status}` : "unreachable"})`);
    }
    log(`registration ${registration.unclaimed_device_uuid} expired unclaimed; registering again`);
    rmSync(pending, { force: true });
    registration = null;
  }
}
