import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { RouteConfig } from "@hono/zod-openapi";
import { CONSOLE_CLIENT_ID, TokenResponse } from "../../contracts/auth/schema.ts";
import { addDevice } from "../../contracts/devices/routes.ts";
import { ApiErrorBody } from "../../contracts/http/errors.ts";
import { API_PREFIX, type RouteReply, replySchemaOf, routePath } from "../../contracts/http/route.ts";
import { enrollAgent } from "../../contracts/installation/agent-routes.ts";
import { resetInstallationCode } from "../../contracts/installation/routes.ts";
import { listLocations } from "../../contracts/locations/routes.ts";
import type { SimHardware } from "./hardware.ts";
import { simIdentity } from "./identity.ts";

/**
 * A device the simulator can run: its uuid, name, space and device credential; seeded devices
 * also carry what their agent reports on detect-displays / detect-peripherals.
 */
export type SimAccess = {
  uuid: string;
  name: string;
  space_uuid: string;
  credential: string | null;
  hardware?: SimHardware;
};

type ProvisionOptions = {
  server: string;
  /** A content manager or admin of `space` (the demo's admin by default). */
  email: string;
  password: string;
  space: string;
  count: number;
  /** Where provisioned devices are kept (0600: it holds credentials), to be reused next time. */
  file: string;
  log: (line: string) => void;
  /** The device type a device enrols as (the simulator's platform for its uuid). */
  platformOf: (uuid: string) => string;
  concurrency?: number;
};

const KINDS = ["Kiosk", "POS Terminal", "Signage Player", "Ticket Machine", "Info Screen"];

export function loadSimulated(file: string, server: string, space: string): SimAccess[] {
  try {
    const saved = JSON.parse(readFileSync(file, "utf8")) as { server: string; devices: SimAccess[] };
    return saved.server === server ? saved.devices.filter((d) => d.space_uuid === space && d.credential) : [];
  } catch {
    return [];
  }
}

function saveSimulated(file: string, server: string, devices: SimAccess[]) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ server, devices }, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

/**
 * Makes `count` more devices for the simulator the way an operator and an agent would, through
 * the public API: sign in, Add Runner Device in one of the space's locations, reset its
 * installation code, and enrol with it (POST /api/agent/enroll/) for the device credential.
 * Provisioned devices are saved to `file` and reused by later runs against the same server.
 */
export async function provisionDevices(options: ProvisionOptions): Promise<SimAccess[]> {
  const { server, space, file, log, platformOf } = options;
  const have = loadSimulated(file, server, space);
  const missing = options.count - have.length;
  if (missing <= 0) return have.slice(0, options.count);

  const token = await signIn(server, options.email, options.password);
  /** One call of a route defined in contracts/api, its reply parsed with the route's schema. */
  const call = async <R extends RouteConfig>(
    route: R,
    params: Record<string, string>,
    init: { query?: Record<string, string>; json?: unknown; auth?: boolean } = {},
  ): Promise<RouteReply<R>> => {
    const url = new URL(API_PREFIX + routePath(route, params), server);
    for (const [key, value] of Object.entries(init.query ?? {})) url.searchParams.set(key, value);
    const res = await fetch(url, {
      method: route.method.toUpperCase(),
      headers: {
        "Content-Type": "application/json",
        ...(init.auth === false ? {} : { Authorization: `Bearer ${token}` }),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    const body: unknown = await res.json().catch(() => ({}));
    if (!res.ok) {
      const error = ApiErrorBody.safeParse(body);
      throw new Error(
        `${route.method.toUpperCase()} ${url.pathname}: ${res.status} ${error.data?.message ?? ""}`.trim(),
      );
    }
    return replySchemaOf(route).parse(body);
  };
  const { locations } = await call(listLocations, { space }, { query: { page_size: "100", ordering: "name" } });
  if (locations.length === 0) throw new Error(`space ${space} has no location to add simulated devices to`);

  log(`provisioning ${missing} simulated devices in ${locations.length} locations…`);
  const made: SimAccess[] = [...have];
  let next = have.length;
  const worker = async () => {
    while (next < options.count) {
      const n = ++next;
      const location = locations[n % locations.length];
      const name = `SIM-${String(n).padStart(4, "0")} ${KINDS[n % KINDS.length]}`;
      const device = await call(
        addDevice,
        { space },
        { json: { name, location: location.uuid, description: `Simulated device at ${location.name}` } },
      );
      const { installation_code_value: code } = await call(resetInstallationCode, { space, uuid: device.uuid });
      const enrolled = await call(
        enrollAgent,
        {},
        {
          auth: false,
          json: {
            code,
            machine_id: simIdentity(device.uuid).machine_id,
            inventory: { device_type: platformOf(device.uuid) },
          },
        },
      );
      if (!("credential" in enrolled)) throw new Error(`enrolment of ${name} was not answered with a credential`);
      made.push({ uuid: enrolled.device_uuid, name, space_uuid: space, credential: enrolled.credential });
      if (made.length % 50 === 0) {
        saveSimulated(file, server, made);
        log(`  ${made.length - have.length}/${missing}`);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  } finally {
    saveSimulated(file, server, made);
  }
  return made.slice(0, options.count);
}

async function signIn(server: string, username: string, password: string): Promise<string> {
  const res = await fetch(new URL("/auth/token", server), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "password", username, password, client_id: CONSOLE_CLIENT_ID }),
  });
  if (!res.ok) throw new Error(`sign-in as ${username} failed (${res.status}); pass --email and --password`);
  return TokenResponse.parse(await res.json()).access_token;
}
