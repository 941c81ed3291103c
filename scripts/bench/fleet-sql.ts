/**
 * The benchmark's fleet as SQL: one space with an Admin (bench@outpost.test), 200 locations,
 * 20 tags and any number of devices spread over statuses, types, locations and two years of
 * timestamps, ~15 % of them tagged, each with an IP, a local IP and a MAC address. Connected
 * devices carry health: each heading 97 % healthy, 2 % warning, 1 % critical; 60 % report
 * monitored peripherals (1–3 types, 95 / 3.5 / 1.5 %).
 * Deterministic for a seed (ids come from the seeded PRNG; health from a second one, so the
 * devices are the same as before health was added).
 */

import { createRng } from "../../agent/sim/prng.ts";
import { DEVICE_HEADINGS, MONITORED_PERIPHERAL_TYPES, worst } from "../../contracts/devices/health.ts";
import { CATEGORY_OF_DEVICE_TYPE, DEVICE_TYPES, ROLE_UUID } from "../../contracts/reference.ts";
import { hashPassword } from "../../worker/auth/password.ts";
import { sqlLiteral } from "../seed/sql.ts";

// D1 refuses statements over 100 kB; a device row is ~400 bytes of SQL.
const ROWS_PER_INSERT = 100;
export const BENCH_EMAIL = "bench@outpost.test";
export const BENCH_PASSWORD = "bench password";

/** The bench device number `i`'s IP address (10.x.y.z) and MAC address (02:00:00:…, locally administered). */
export const benchIp = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
const hex2 = (n: number) => (n & 255).toString(16).padStart(2, "0");
export const benchMac = (i: number) => `02:00:00:${hex2(i >> 16)}:${hex2(i >> 8)}:${hex2(i)}`;

/** `space`: put the fleet into an existing space (e.g. the demo seed's) instead of a new one. */
export function benchFleet(seed = 20261122, opts: { space?: string } = {}) {
  const rng = createRng(seed);
  const healthRng = createRng(seed ^ 0x6865616c);
  const uuid = () => {
    const h = rng.hex(32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
  };
  const ownSpace = uuid(); // drawn either way, so the other ids do not depend on `space`
  const SPACE = opts.space ?? ownSpace;
  const LOCATIONS = Array.from({ length: 200 }, () => uuid());
  const TAGS = Array.from({ length: 20 }, () => uuid());

  const insert = (table: string, columns: string[], rows: unknown[][]) => {
    const out: string[] = [];
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      const values = rows.slice(i, i + ROWS_PER_INSERT).map((r) => `(${r.map(sqlLiteral).join(",")})`);
      out.push(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(",")}) VALUES\n${values.join(",\n")};`);
    }
    return out.join("\n");
  };

  async function headerSql() {
    const user = uuid();
    return [
      opts.space
        ? ""
        : insert("space", ["space_uuid", "space_name", "timezone"], [[SPACE, "Bench space", "Europe/Zagreb"]]),
      insert(
        "user",
        ["uuid", "email", "username", "display_name", "password_hash"],
        [[user, BENCH_EMAIL, "bench", "bench.user", await hashPassword(BENCH_PASSWORD, 1000)]],
      ),
      insert(
        "space_account",
        ["account_uuid", "space_uuid", "user_uuid", "role_uuid", "status"],
        [[uuid(), SPACE, user, ROLE_UUID.admin, "active"]],
      ),
      insert(
        "location",
        ["uuid", "space_uuid", "name"],
        LOCATIONS.map((l, i) => [l, SPACE, `Location ${i}`]),
      ),
      insert(
        "tag",
        ["uuid", "space_uuid", "name"],
        TAGS.map((t, i) => [t, SPACE, `tag-${i}`]),
      ),
    ].join("\n");
  }

  const STATUSES = [
    ["connected", 0.55],
    ["disconnected", 0.15],
    ["non_connected", 0.2],
    ["installation_pending", 0.05],
    ["archived", 0.05],
  ] as const;
  const status = () => {
    let x = rng.next();
    for (const [s, p] of STATUSES) {
      x -= p;
      if (x < 0) return s;
    }
    return "connected";
  };
  const VISION = ["disabled", "enabled", "enable_pending"] as const;
  const START = Date.parse("2024-11-22T00:00:00Z");
  const SPAN = 2 * 365 * 86_400_000;
  const iso = (ms: number) => new Date(ms).toISOString();

  const code = (warning: number, critical: number) => {
    const x = healthRng.next();
    return x < critical ? 3 : x < critical + warning ? 2 : 0;
  };
  /** Condition columns (heading order of DEVICE_HEADINGS, peripherals, combined) and peripheral-type rows. */
  function health(connected: boolean) {
    if (!connected) return { columns: Array(DEVICE_HEADINGS.length + 2).fill(null), peripherals: [] };
    const headings = DEVICE_HEADINGS.map(() => code(0.02, 0.01));
    const peripherals = healthRng.chance(0.6)
      ? [...new Set(Array.from({ length: healthRng.int(1, 3) }, () => healthRng.pick(MONITORED_PERIPHERAL_TYPES)))].map(
          (type) => ({ type, condition: code(0.035, 0.015) }),
        )
      : [];
    const peripheral = worst(peripherals.map((p) => p.condition));
    return { columns: [...headings, peripheral, worst([...headings, peripheral])], peripherals };
  }

  /** One chunk of devices, their tag links and peripheral-type conditions. */
  function deviceChunkSql(from: number, to: number) {
    const devices: unknown[][] = [];
    const links: unknown[][] = [];
    const conditions: unknown[][] = [];
    for (let i = from; i < to; i++) {
      const id = uuid();
      const type = rng.pick(DEVICE_TYPES);
      const s = status();
      const created = START + Math.floor(rng.next() * SPAN);
      const updated = created + Math.floor(rng.next() * (START + SPAN - created));
      const installed = s === "non_connected" ? null : iso(created + Math.floor(rng.next() * 86_400_000 * 30));
      const online = s === "connected" && rng.chance(0.7);
      const h = health(s === "connected");
      for (const p of h.peripherals) conditions.push([SPACE, id, p.type, p.condition]);
      devices.push([
        id,
        SPACE,
        `Device ${String(i).padStart(6, "0")}`,
        rng.chance(0.3) ? `Till near entrance ${i % 97}` : "",
        type.uuid,
        CATEGORY_OF_DEVICE_TYPE[type.key],
        rng.pick(["kiosk", "retail_pos", "visualization"]),
        s,
        online,
        rng.chance(0.9),
        rng.pick(VISION),
        rng.pick(LOCATIONS),
        iso(created),
        iso(updated),
        installed,
        installed,
        installed ? iso(updated) : null,
        `machine-${rng.hex(12)}`,
        ...h.columns,
        // Addresses derived from the index (no PRNG draw, so every other value stays as it was).
        benchIp(i),
        JSON.stringify([`192.168.${(i >> 8) & 255}.${i & 255}`]),
        JSON.stringify([benchMac(i)]),
      ]);
      if (rng.chance(0.15)) links.push([id, rng.pick(TAGS), SPACE]);
    }
    return [
      insert(
        "device",
        [
          "uuid",
          "space_uuid",
          "name",
          "description",
          "device_type_uuid",
          "device_category_uuid",
          "device_class",
          "connected_status",
          "online",
          "enabled",
          "vision_enabled",
          "location_uuid",
          "created_at",
          "updated_at",
          "installed_at",
          "installation_date",
          "last_seen",
          "machine_id",
          ...DEVICE_HEADINGS.map((x) => x.column),
          "peripherals_condition",
          "combined_status",
          "ip_address",
          "local_ip_addresses",
          "mac_addresses",
        ],
        devices,
      ),
      insert("device_tag", ["device_uuid", "tag_uuid", "space_uuid"], links),
      insert("device_peripheral_condition", ["space_uuid", "device_uuid", "type", "condition"], conditions),
    ].join("\n");
  }

  return { space: SPACE, locations: LOCATIONS, tags: TAGS, headerSql, deviceChunkSql };
}
