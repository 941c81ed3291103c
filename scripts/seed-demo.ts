/**
 * Writes the demo seed as SQL: the "Outpost Demo" and "Outpost Lab" spaces with users,
 * locations, groups, working time, a fleet of ~50 devices with peripherals, displays, cameras,
 * comments and telemetry, plus the global demo applications and runners.
 *
 *   node scripts/seed-demo.ts --out .outpost/seed.sql [--now 2026-11-22T08:00:00Z] [--devices-json file]
 *   wrangler d1 execute DB --local --file .outpost/seed.sql
 *
 * Idempotent: it first deletes both demo spaces (every space-owned row cascades) and upserts
 * the demo users, applications and runners by their fixed uuids (so sessions survive a re-seed).
 * Deterministic for a given --now (seeded PRNG); only the password salts differ between runs.
 */
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import {
  DEMO_DEVICE_SPECS,
  DEMO_LOCATION_GROUPS,
  DEMO_LOCATIONS,
  DEMO_SPACE_UUID,
  DEMO_TABLE,
  DEMO_TAGS,
  DEMO_USERS,
  DEMO_WORKING_TIME,
  type DemoDeviceSpec,
  demoUuid,
  LAB_SPACE_UUID,
  locationUuid,
  SPACE_UUID_OF,
  tagUuid,
} from "../agent/sim/demo-data.ts";
import { planPeripherals } from "../agent/sim/demo-peripherals.ts";
import { createRng } from "../agent/sim/prng.ts";
import { COUNTRY_UUID, LOCATION_TYPE_UUID, ROLE_UUID } from "../contracts/reference.ts";
import * as schema from "../drizzle/schema/index.ts";
import { hashPassword } from "../worker/auth/password.ts";
import { sealCode } from "../worker/services/installation/code-box.ts";
import { installationCodeKey } from "../worker/services/kernel/box-keys.ts";
import { alertingRows } from "./seed/demo-alerting.ts";
import { applicationRows, DEMO_APPLICATIONS, displayRows, runnerRows } from "./seed/demo-displays.ts";
import { cameraRows, commentRows, detectionRows } from "./seed/demo-extras.ts";
import { buildFleet, type DemoDeviceAccess, iso } from "./seed/demo-fleet.ts";
import { type SeededHardware, seededHardware } from "./seed/demo-hardware.ts";
import { peripheralRows } from "./seed/peripheral-rows.ts";
import { insertSql, sqlLiteral } from "./seed/sql.ts";

const DAY = 86_400_000;
const list = (values: string[]) => values.map(sqlLiteral).join(", ");

function spaceRows(at: string): (typeof schema.spaceTable.$inferInsert)[] {
  return [
    {
      space_uuid: DEMO_SPACE_UUID,
      space_name: "Outpost Demo",
      space_type: "organization",
      space_datacenter: "local",
      timezone: "Europe/Zagreb",
      global_working_time_enabled: true,
      location_custom_1_alias: "Store manager (req)",
      location_custom_1_enabled: true,
      location_custom_1_required: true,
      location_custom_2_alias: "Cost centre (req unq)",
      location_custom_2_enabled: true,
      location_custom_2_required: true,
      location_custom_2_unique: true,
      created_at: at,
      updated_at: at,
    },
    {
      space_uuid: LAB_SPACE_UUID,
      space_name: "Outpost Lab",
      space_type: "laboratory",
      space_datacenter: "local",
      timezone: "Europe/Berlin",
      created_at: at,
      updated_at: at,
    },
  ];
}

const TIMEZONE_OF_SPACE = { demo: "Europe/Zagreb", lab: "Europe/Berlin" } as const;

export async function buildDemoSeed(opts: { now?: number } = {}): Promise<{
  sql: string;
  access: (DemoDeviceAccess & { hardware: SeededHardware })[];
}> {
  const now = opts.now ?? Math.floor(Date.now() / 60_000) * 60_000;
  const rng = createRng(20261122);
  const origin = iso(now - 420 * DAY);

  const users = await Promise.all(
    DEMO_USERS.map(async (u, i) => ({
      uuid: u.uuid,
      email: u.email,
      username: u.email.split("@")[0],
      display_name: u.display_name,
      full_name: u.full_name,
      password_hash: u.password ? await hashPassword(u.password) : "",
      super_admin: u.super_admin,
      sys_dev: u.sys_dev,
      created_at: iso(now - (400 - i * 20) * DAY),
      updated_at: iso(now - (30 - i) * DAY),
    })),
  );
  let accountNo = 0;
  const accounts = DEMO_USERS.flatMap((u, i) =>
    u.memberships.map((m): typeof schema.spaceAccountTable.$inferInsert => {
      const invited = iso(now - (390 - i * 20) * DAY);
      return {
        account_uuid: demoUuid(DEMO_TABLE.account, ++accountNo),
        space_uuid: SPACE_UUID_OF[m.space],
        user_uuid: u.uuid,
        role_uuid: ROLE_UUID[m.role],
        status: m.status,
        online: false,
        last_seen: m.status === "active" ? iso(now - rng.int(5, 60 * 72) * 60_000) : null,
        invited_on: m.status === "invited" ? iso(now - 2 * DAY) : invited,
        created_at: m.status === "invited" ? iso(now - 2 * DAY) : invited,
      };
    }),
  );

  const localSchedules = new Set(DEMO_WORKING_TIME.map((w) => w.location).filter(Boolean));
  const locations = DEMO_LOCATIONS.map((l, i): typeof schema.locationTable.$inferInsert => {
    const created = now - (380 - i * 25) * DAY;
    return {
      uuid: l.uuid,
      space_uuid: SPACE_UUID_OF[l.space],
      name: l.name,
      display_id: l.display_id,
      description: l.description,
      location_type_uuid: LOCATION_TYPE_UUID[l.type],
      country_code: COUNTRY_UUID[l.country] ? l.country : null,
      city: l.city,
      address: l.address,
      zip_code: l.zip,
      latitude: l.lat,
      longitude: l.lng,
      timezone: l.timezone,
      global_timezone_enabled: l.timezone === TIMEZONE_OF_SPACE[l.space],
      global_working_time_enabled: !localSchedules.has(l.key),
      location_custom_1: l.manager,
      location_custom_2: l.cost_centre,
      created_at: iso(created),
      updated_at: iso(created + rng.int(1, 300) * DAY),
    };
  });
  const locationTags = DEMO_LOCATIONS.flatMap((l) =>
    l.tags.map((t) => ({ location_uuid: l.uuid, tag_uuid: tagUuid(l.space, t), space_uuid: SPACE_UUID_OF[l.space] })),
  );
  const tags = DEMO_TAGS.map((t, i) => ({
    uuid: tagUuid(t.space, t.name),
    space_uuid: SPACE_UUID_OF[t.space],
    name: t.name,
    created_at: iso(now - (300 - i) * DAY),
  }));
  const groups = DEMO_LOCATION_GROUPS.map((g, i) => ({
    uuid: g.uuid,
    space_uuid: DEMO_SPACE_UUID,
    name: g.name,
    active: g.active,
    created_at: iso(now - (200 - i * 40) * DAY),
    updated_at: iso(now - (20 - i * 5) * DAY),
  }));
  const groupLinks = DEMO_LOCATION_GROUPS.flatMap((g) =>
    g.locations.map((key) => ({
      location_group_uuid: g.uuid,
      location_uuid: locationUuid(key),
      space_uuid: DEMO_SPACE_UUID,
    })),
  );
  let wtNo = 0;
  const workingTime = DEMO_WORKING_TIME.flatMap((w) =>
    Object.entries(w.schedule).flatMap(([day, entries]) =>
      (entries ?? []).map(([start, end], position) => ({
        uuid: demoUuid(DEMO_TABLE.working_time, ++wtNo),
        space_uuid: DEMO_SPACE_UUID,
        location_uuid: w.location ? locationUuid(w.location) : null,
        day: day as (typeof schema.WEEKDAYS)[number],
        position,
        start,
        end,
      })),
    ),
  );

  const plans = planPeripherals(DEMO_DEVICE_SPECS);
  const fleet = buildFleet(DEMO_DEVICE_SPECS, now, rng, plans);
  // Unused codes are kept sealed with the development key (#20 item 6), so the card shows them; a
  // Worker with its own INSTALLATION_CODE_KEY asks for a Reset instead.
  const codeKey = await installationCodeKey({ ENVIRONMENT: "development" });
  for (const row of fleet.codes) {
    const code = fleet.access.find((a) => a.uuid === row.device_uuid)?.installation_code;
    if (code && row.uuid && !row.used_at) row.code_sealed = await sealCode(codeKey, code, { ...row, uuid: row.uuid });
  }
  const installedAt = (d: DemoDeviceSpec) => {
    const row = fleet.devices.find((r) => r.uuid === d.uuid);
    return row?.installed_at ?? row?.created_at ?? origin;
  };
  const peripherals = peripheralRows(DEMO_DEVICE_SPECS, plans, rng, installedAt);
  const { displays, links } = displayRows(DEMO_DEVICE_SPECS, rng, installedAt);
  const cameras = cameraRows(DEMO_DEVICE_SPECS, fleet.devices, origin);
  const comments = commentRows(DEMO_DEVICE_SPECS, displays, peripherals, now);
  const detection = detectionRows(DEMO_DEVICE_SPECS, now);
  const spaces = [DEMO_SPACE_UUID, LAB_SPACE_UUID];
  const alerting = alertingRows(origin);

  const statements = [
    `DELETE FROM "audit_log" WHERE "space_uuid" IN (${list(spaces)});`,
    `DELETE FROM "space" WHERE "space_uuid" IN (${list(spaces)});`,
    `DELETE FROM "user" WHERE "email" IN (${list(users.map((u) => u.email))}) AND "uuid" NOT IN (${list(users.map((u) => u.uuid))});`,
    ...insertSql(schema.spaceTable, spaceRows(origin)),
    ...insertSql(schema.userTable, users, { upsertOn: ["uuid"] }),
    ...insertSql(schema.spaceAccountTable, accounts),
    ...insertSql(schema.tagTable, tags),
    ...insertSql(schema.locationTable, locations),
    ...insertSql(schema.locationTagTable, locationTags),
    ...insertSql(schema.locationGroupTable, groups),
    ...insertSql(schema.locationGroupLocationTable, groupLinks),
    ...insertSql(schema.workingTimeTable, workingTime),
    ...insertSql(schema.applicationTable, applicationRows(origin), { upsertOn: ["uuid"] }),
    ...insertSql(schema.runnerTable, runnerRows(origin), { upsertOn: ["uuid"] }),
    ...insertSql(schema.deviceTable, fleet.devices),
    ...insertSql(schema.deviceTagTable, fleet.tags),
    ...insertSql(schema.deviceCredentialTable, fleet.credentials),
    ...insertSql(schema.installationCodeTable, fleet.codes),
    ...insertSql(schema.peripheralTable, peripherals),
    ...insertSql(schema.devicePeripheralConditionTable, fleet.peripheralConditions),
    ...insertSql(schema.displayTable, displays),
    ...insertSql(schema.displayApplicationTable, links),
    ...insertSql(schema.cameraTable, cameras),
    ...insertSql(schema.commentTable, comments),
    ...insertSql(schema.detectionScanTable, [detection.scan]),
    ...insertSql(schema.detectedDeviceTable, detection.detected),
    ...insertSql(schema.deviceAvailabilityTable, fleet.availability),
    ...insertSql(schema.deviceOutageTable, fleet.outages),
    ...insertSql(schema.alertChannelTable, alerting.channels),
    ...insertSql(schema.alertRuleTable, alerting.rules),
  ];
  const header = `-- Outpost demo seed, generated by scripts/seed-demo.ts for ${iso(now)}. Do not edit.\n`;
  // The agents' answers to detect-displays / detect-peripherals (the simulator reads them).
  const hardware = seededHardware(displays, peripherals, links, Object.values(DEMO_APPLICATIONS));
  const access = fleet.access.map((a) => ({
    ...a,
    hardware: hardware.get(a.uuid) ?? { displays: [], peripherals: [] },
  }));
  return { sql: `${header}${statements.join("\n")}\n`, access };
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { out: { type: "string" }, now: { type: "string" }, "devices-json": { type: "string" } },
  });
  const now = values.now ? Date.parse(values.now) : undefined;
  if (now !== undefined && Number.isNaN(now)) throw new Error(`--now is not a date: ${values.now}`);
  const { sql, access } = await buildDemoSeed({ now });
  const write = (file: string, text: string) => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  };
  if (values.out) write(values.out, sql);
  else process.stdout.write(sql);
  // Device credentials: owner-only, like the agent's own configuration.
  if (values["devices-json"]) {
    write(values["devices-json"], `${JSON.stringify(access, null, 2)}\n`);
    chmodSync(values["devices-json"], 0o600);
  }
}
