/**
 * The demo fleet's device rows: inventory by device type, presence by status, health
 * conditions (a few warnings and criticals), latest telemetry, plus device credentials,
 * installation codes and 14 days of availability. Deterministic for a given `now` and seed.
 */
import { createHash } from "node:crypto";
import {
  cpuStatus,
  diskHealth,
  gpuStatus,
  ramStatus,
  storageStatus,
  thermalStatus,
  uptimeStatus,
} from "../../agent/health.ts";
import {
  DEMO_LOCATIONS,
  DEMO_TABLE,
  DEMO_USER_UUID,
  type DemoDeviceSpec,
  demoUuid,
  HEALTH,
  SPACE_UUID_OF,
  tagUuid,
} from "../../agent/sim/demo-data.ts";
import type { PlannedPeripheral } from "../../agent/sim/demo-peripherals.ts";
import { createRng, type Rng } from "../../agent/sim/prng.ts";
import { simProfile } from "../../agent/sim/telemetry.ts";
import { onlineSecondsPerDay } from "../../contracts/devices/presence.ts";
import { CATEGORY_OF_DEVICE_TYPE, DEVICE_TYPE_UUID, DEVICE_TYPES } from "../../contracts/reference.ts";
import type {
  DeviceTelemetry,
  deviceAvailabilityTable,
  deviceCredentialTable,
  deviceOutageTable,
  devicePeripheralConditionTable,
  deviceTable,
  deviceTagTable,
  HealthCode,
  installationCodeTable,
} from "../../drizzle/schema/index.ts";
import { conditionsOf } from "../../worker/services/monitoring/conditions.ts";
import { inventoryFor } from "./demo-inventory.ts";

type DeviceRow = typeof deviceTable.$inferInsert;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const GIB = 1024 ** 3;
export const iso = (ms: number) => new Date(ms).toISOString();
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** How the seed lets agents and tests act as demo devices (local demo only). */
export type DemoDeviceAccess = {
  uuid: string;
  name: string;
  space_uuid: string;
  /** Bearer credential of a connected device (device_credential holds its SHA-256). */
  credential: string | null;
  /** Active installation code of a non_connected device (16 chars, no separators). */
  installation_code: string | null;
};

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const code16 = (rng: Rng) => Array.from({ length: 16 }, () => rng.pick([...CODE_ALPHABET])).join("");

export function buildFleet(
  specs: readonly DemoDeviceSpec[],
  now: number,
  rng: Rng,
  peripherals: Map<string, PlannedPeripheral[]>,
) {
  const devices: DeviceRow[] = [];
  const credentials: (typeof deviceCredentialTable.$inferInsert)[] = [];
  const codes: (typeof installationCodeTable.$inferInsert)[] = [];
  const availability: (typeof deviceAvailabilityTable.$inferInsert)[] = [];
  const outages: (typeof deviceOutageTable.$inferInsert)[] = [];
  const tags: (typeof deviceTagTable.$inferInsert)[] = [];
  const peripheralConditions: (typeof devicePeripheralConditionTable.$inferInsert)[] = [];
  const access: DemoDeviceAccess[] = [];
  let codeCount = 0;

  for (const spec of specs) {
    const space_uuid = SPACE_UUID_OF[spec.space];
    const location = DEMO_LOCATIONS.find((l) => l.key === spec.location);
    const installed = !["non_connected", "installation_pending"].includes(spec.status);
    const createdAt = installed ? now - rng.int(40, 400) * DAY - rng.int(0, 86399) * 1000 : now - rng.int(1, 9) * DAY;
    const installationDate = installed ? createdAt + rng.int(1, 20) * DAY + rng.int(0, 86399) * 1000 : null;
    const online = spec.status === "online";
    let lastSeen: number | null = null;
    if (online) lastSeen = now - rng.int(2, 25) * 1000;
    else if (spec.status === "offline") lastSeen = now - rng.int(20, 60 * 30) * MIN;
    else if (spec.status === "disconnected") lastSeen = now - rng.int(3, 25) * DAY;
    else if (spec.status === "archived") lastSeen = now - rng.int(60, 120) * DAY;
    const onlineSince = online ? now - rng.int(10, 60 * 24 * 21) * MIN : null;

    const plan = peripherals.get(spec.uuid) ?? [];
    const health = HEALTH[spec.name] ?? {};
    const inventory = installed ? inventoryFor(spec, rng, location) : null;
    const hasTelemetry = installed && spec.type !== "unknown";
    const telemetryAt =
      lastSeen === null ? null : online ? lastSeen - rng.int(0, 30) * 1000 : lastSeen - rng.int(1, 5) * MIN;

    const row: DeviceRow = {
      uuid: spec.uuid,
      space_uuid,
      name: spec.name,
      description: descriptionOf(spec),
      device_type_uuid: DEVICE_TYPE_UUID[spec.type],
      device_category_uuid: CATEGORY_OF_DEVICE_TYPE[spec.type],
      device_class: spec.device_class,
      connected_status: spec.status === "online" || spec.status === "offline" ? "connected" : spec.status,
      online,
      enabled: spec.status !== "archived" && spec.name !== "OS Shift Board",
      debug_mode: spec.name === "PU Test Kiosk",
      vision_enabled: visionOf(spec),
      demo_mode: spec.name === "PU Test Kiosk" || spec.space === "lab",
      location_uuid: location?.uuid ?? null,
      created_at: iso(createdAt),
      updated_at: iso(Math.max(createdAt, lastSeen ?? createdAt) - rng.int(0, 3) * HOUR),
      installed_at: installationDate === null ? null : iso(installationDate + rng.int(5, 50) * MIN),
      installation_date: installationDate === null ? null : iso(installationDate),
      last_seen: lastSeen === null ? null : iso(lastSeen),
      online_since: onlineSince === null ? null : iso(onlineSince),
      telemetry_updated_at: hasTelemetry && telemetryAt !== null ? iso(telemetryAt) : null,
      created_by_user_uuid: rng.chance(0.6) ? DEMO_USER_UUID.admin : DEMO_USER_UUID.content_manager,
      ...(inventory?.fields ?? {}),
      peripherals_status: plan.map((p) => ({ device: p.name, type: p.type, status: p.status })),
    };
    if (hasTelemetry && inventory) {
      const temperature = health.thermal ? 83.5 : (row.cpu_temperature ?? null);
      const latest = telemetry(spec, rng, inventory.ramBytes, health, plan, onlineSince ?? now - DAY, now, temperature);
      // The conditions the DeviceRoom would write for this report (worker/services/monitoring/conditions.ts).
      const { columns, peripherals: byType } = conditionsOf(latest);
      Object.assign(row, columns, { latest_telemetry: latest });
      for (const p of byType) peripheralConditions.push({ space_uuid, device_uuid: spec.uuid, ...p });
    }
    devices.push(row);

    const credential =
      installed && (spec.status === "online" || spec.status === "offline") ? `odc_demo_${rng.hex(40)}` : null;
    if (credential) {
      credentials.push({
        token_hash: sha256(credential),
        device_uuid: spec.uuid,
        space_uuid,
        created_at: row.installed_at ?? row.created_at,
      });
    }
    let installationCode: string | null = null;
    if (!installed) {
      const code = code16(rng);
      const pending = spec.status === "installation_pending";
      codes.push({
        uuid: demoUuid(DEMO_TABLE.installation_code, ++codeCount),
        space_uuid,
        device_uuid: spec.uuid,
        code_hash: sha256(code),
        expires_at: iso(now + (pending ? 20 : 23) * HOUR),
        used_at: pending ? iso(now - 25 * MIN) : null,
        created_at: iso(now - (pending ? 4 : 1) * HOUR),
      });
      if (!pending) installationCode = code;
    }
    access.push({ uuid: spec.uuid, name: spec.name, space_uuid, credential, installation_code: installationCode });

    if (installationDate !== null && lastSeen !== null && row.installed_at) {
      const days = availabilityFor(spec, space_uuid, installationDate, online ? now : lastSeen, now, rng);
      const history = historyFrom(spec, space_uuid, days, {
        installed: Date.parse(row.installed_at),
        online,
        onlineSince,
        lastSeen,
        now,
      });
      outages.push(...history.outages);
      availability.push(...history.days);
    }
    for (const tag of tagsFor(spec, rng))
      tags.push({ device_uuid: spec.uuid, tag_uuid: tagUuid(spec.space, tag), space_uuid });
  }
  return { devices, credentials, codes, availability, outages, tags, access, peripheralConditions };
}

function descriptionOf(spec: DemoDeviceSpec): string {
  const type = DEVICE_TYPES.find((t) => t.key === spec.type)?.name ?? "device";
  if (spec.status === "non_connected") return `New ${type} waiting for installation.`;
  if (spec.device_class === "visualization") return `${type} driving signage screens.`;
  if (spec.device_class === "retail_pos") return `${type} point of sale.`;
  if (spec.device_class === "kiosk") return `${type} self-service kiosk.`;
  return "";
}

function visionOf(spec: DemoDeviceSpec): DeviceRow["vision_enabled"] {
  if (spec.type !== "linux") return "disabled";
  if (spec.name === "ZG Reception Kiosk" || spec.name === "ZD Info Kiosk North") return "enabled";
  if (spec.name === "VI Registration Kiosk 2") return "enable_pending";
  return "disabled";
}

function tagsFor(spec: DemoDeviceSpec, rng: Rng): string[] {
  if (spec.space === "lab") return ["lab"];
  const fixed: Record<string, string[]> = {
    "ST Self-checkout 2": ["needs-visit", "priority"],
    "OS Shift Board": ["needs-visit"],
    "PU Test Kiosk": ["refurbished", "pilot"],
    "ZG Reception Kiosk": ["flagship"],
  };
  if (fixed[spec.name]) return fixed[spec.name];
  return rng.chance(0.35) ? [rng.pick(["pilot", "24/7", "outdoor", "seasonal", "priority"])] : [];
}

/**
 * The latest report of a seeded device, shaped as the simulator (agent/sim/telemetry.ts) sends
 * it: every value graded on the shared thresholds lands in the band of the device's HEALTH entry.
 */
function telemetry(
  spec: DemoDeviceSpec,
  rng: Rng,
  ramBytes: number,
  health: Partial<Record<string, HealthCode>>,
  plan: PlannedPeripheral[],
  onlineSince: number,
  now: number,
  temperature: number | null,
): DeviceTelemetry {
  // A device stuck in the uptime warning has not rebooted for weeks (before its agent connected).
  const uptime = health.uptime ? 45 * 86_400 : Math.round((now - onlineSince) / 1000);
  const rx_bytes = rng.int(1e7, 9e10);
  const tx_bytes = rng.int(1e6, 2e10);
  const rx_packets = Math.floor(rx_bytes / 1000);
  const tx_packets = Math.floor(tx_bytes / 300);
  const errors = Math.floor((rx_packets + tx_packets) * (health.network === 3 ? 0.02 : health.network ? 0.003 : 0));
  const network = {
    status: health.network ?? 0,
    devices: [
      {
        name: spec.type === "raspberry_pi" ? "wlan0" : "eth0",
        up: true,
        rx_bytes,
        tx_bytes,
        rx_errors: Math.floor(errors * 0.8),
        tx_errors: errors - Math.floor(errors * 0.8),
        rx_packets,
        tx_packets,
      },
    ],
  };
  const uptimeReport = { status: uptimeStatus(uptime), uptime, idle: Math.round(uptime * 0.7) };
  if (spec.type === "camera") return { uptime: uptimeReport, network };
  const threads = spec.type === "raspberry_pi" || spec.type === "android_tv" ? 4 : rng.pick([4, 8, 12]);
  const busy = health.cpu === 3 ? 1.4 : health.cpu === 2 ? 0.9 : rng.float(0.05, 0.45);
  const ramFree = Math.round(ramBytes * (health.ram ? 0.1 : rng.float(0.3, 0.7)));
  const disk =
    spec.type === "raspberry_pi" ? 32 * GIB : spec.type === "android_tv" ? 8 * GIB : rng.pick([256, 512]) * GIB;
  const diskFree = Math.round(
    disk * (health.storage === 3 ? 0.02 : health.storage === 2 ? 0.09 : rng.float(0.35, 0.8)),
  );
  const partitions = [{ name: spec.type === "windows" ? "C:" : "/", size: disk, free: diskFree }];
  const smart =
    spec.type === "linux" || spec.type === "windows"
      ? simProfile({ uuid: spec.uuid, device_type: spec.type, peripherals: [], now }).smart
      : null;
  const load1 = Number((threads * busy * rng.float(0.9, 1.1)).toFixed(2));
  const report: DeviceTelemetry = {
    cpu: {
      status: cpuStatus(load1, threads),
      cores: Math.max(1, threads / 2),
      threads,
      load1,
      load5: Number((threads * busy).toFixed(2)),
      load15: Number((threads * busy * rng.float(0.8, 1)).toFixed(2)),
    },
    thermal: { status: thermalStatus(temperature), cpu_temperature: temperature },
    uptime: { ...uptimeReport, idle: Math.round(uptime * threads * (1 - busy / 2)) },
    ram: {
      status: ramStatus(ramFree, ramBytes),
      total: ramBytes,
      free: ramFree,
      swap_total: 2 * GIB,
      swap_free: Math.round(2 * GIB * rng.float(0.6, 1)),
    },
    storage: { status: storageStatus(partitions), partitions },
    // SMART on PCs (the simulator's drive, a rare one predicted to fail), usage on boards.
    disk_health: diskHealth(smart ? [{ name: "/dev/sda", model: "SIM-SSD 256", smartStatus: smart }] : [], partitions),
    network,
    peripherals: {
      devicesInfo: plan.map((p) => ({
        name: p.name,
        type: p.type,
        enabled: p.enabled,
        combined_status: p.status,
        status: [p.status],
      })),
    },
  };
  if (spec.type !== "android_tv") {
    // A Raspberry Pi's VideoCore reports no utilisation (1, not measured), as in the simulator.
    const utilization = spec.type === "raspberry_pi" ? null : health.gpu ? 94 : Number((busy * 60).toFixed(1));
    const gpu = { model: spec.type === "raspberry_pi" ? "VideoCore VII" : "Intel UHD Graphics", utilization };
    report.gpu = {
      status: gpuStatus(utilization),
      utilization,
      devices: [{ ...gpu, temperature: temperature === null || utilization === null ? null : temperature - 4 }],
    };
  }
  return report;
}

const OUTAGE_CAUSES_SEEN = ["connection_lost", "heartbeat_missed", "silence", "agent_stopped"] as const;

/**
 * A device's outages over the last 14 days, placed so that each day loses what its daily draw
 * (availabilityFor) says, none inside its current online streak; the outage that streak ended, and
 * an offline device's open one from when it was last heard. The daily rollup is then counted from
 * those outages, so both agree. The placement has a generator of its own (seeded by the device),
 * so the main one draws what it drew before outages were seeded.
 */
function historyFrom(
  spec: DemoDeviceSpec,
  space_uuid: string,
  days: (typeof deviceAvailabilityTable.$inferInsert)[],
  at: { installed: number; online: boolean; onlineSince: number | null; lastSeen: number; now: number },
) {
  const place = createRng(Number.parseInt(sha256(spec.uuid).slice(0, 8), 16));
  // Nothing after this closes: the current streak's start, or the open outage's.
  const streak = at.online ? (at.onlineSince ?? at.now) : at.lastSeen;
  const spans: { start: number; end: number | null; cause: (typeof OUTAGE_CAUSES_SEEN)[number] }[] = [];
  for (const row of days) {
    const dayStart = Date.parse(`${row.day}T00:00:00Z`);
    const from = Math.max(dayStart, at.installed);
    const observed = Math.min(dayStart + DAY, at.online ? at.now : at.lastSeen, at.now) - from;
    const room = Math.min(dayStart + DAY, streak) - from - MIN;
    const lost = Math.min(observed - (row.online_seconds ?? 0) * 1000, room);
    if (lost < MIN) continue;
    const start = from + place.int(0, Math.floor((room - lost) / 1000)) * 1000;
    spans.push({ start, end: start + Math.round(lost / 1000) * 1000, cause: place.pick(OUTAGE_CAUSES_SEEN) });
  }
  if (at.online && at.onlineSince !== null && at.onlineSince > at.installed + HOUR) {
    const start = at.onlineSince - place.int(2, 40) * MIN;
    spans.push({ start, end: at.onlineSince, cause: place.pick(OUTAGE_CAUSES_SEEN) });
  }
  if (!at.online) spans.push({ start: at.lastSeen, end: null, cause: place.pick(OUTAGE_CAUSES_SEEN) });
  // Oldest first, each starting after the one before ended.
  spans.sort((a, b) => a.start - b.start);
  const kept: typeof spans = [];
  for (const span of spans) {
    const last = kept.at(-1);
    if (last && (last.end === null || span.start <= last.end)) continue;
    kept.push(span);
  }
  const outages = kept.map((o) => ({
    space_uuid,
    device_uuid: spec.uuid,
    started_at: iso(o.start),
    ended_at: o.end === null ? null : iso(o.end),
    cause: o.cause,
  }));
  // Seconds online per day from what the outages leave of [installed, now).
  const online = new Map<string, number>();
  let cursor = at.installed;
  for (const o of [...kept, { start: at.now, end: at.now }]) {
    for (const { day, seconds } of onlineSecondsPerDay(cursor, Math.min(o.start, at.now)))
      online.set(day, (online.get(day) ?? 0) + seconds);
    cursor = o.end ?? at.now;
  }
  return {
    outages,
    days: days.map((row) => ({ ...row, online_seconds: online.get(row.day) ?? 0 })),
  };
}

/** Seconds online per UTC day for the last 14 days, between installation and the end of presence. */
function availabilityFor(spec: DemoDeviceSpec, space_uuid: string, from: number, until: number, now: number, rng: Rng) {
  const rows: (typeof deviceAvailabilityTable.$inferInsert)[] = [];
  const today = Math.floor(now / DAY) * DAY;
  for (let day = today - 13 * DAY; day <= today; day += DAY) {
    const start = Math.max(day, from);
    const end = Math.min(day + DAY, until, now);
    if (day + DAY <= from) continue;
    let seconds = Math.max(0, Math.round((end - start) / 1000));
    if (seconds > 0) seconds = Math.max(0, seconds - (rng.chance(0.2) ? rng.int(600, 14_400) : rng.int(0, 300)));
    rows.push({ space_uuid, device_uuid: spec.uuid, day: iso(day).slice(0, 10), online_seconds: seconds });
  }
  return rows;
}

export { HEALTH };
