/**
 * The benchmark's fleet as SQL: one space with an Admin (bench@outpost.test), 200 locations,
 * 20 tags and any number of devices spread over statuses, types, locations and two years of
 * timestamps, ~15 % of them tagged. Deterministic for a seed (ids come from the seeded PRNG).
 */
import { CATEGORY_OF_DEVICE_TYPE, DEVICE_TYPES, ROLE_UUID } from "../../drizzle/reference.ts";
import { hashPassword } from "../../worker/auth/password.ts";
import { createRng } from "../seed/prng.ts";
import { sqlLiteral } from "../seed/sql.ts";

// D1 refuses statements over 100 kB; a device row is ~400 bytes of SQL.
const ROWS_PER_INSERT = 100;
export const BENCH_EMAIL = "bench@outpost.test";
export const BENCH_PASSWORD = "bench password";

/** `space`: put the fleet into an existing space (e.g. the demo seed's) instead of a new one. */
export function benchFleet(seed = 20261122, opts: { space?: string } = {}) {
  const rng = createRng(seed);
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

  /** One chunk of devices and their tag links. */
  function deviceChunkSql(from: number, to: number) {
    const devices: unknown[][] = [];
    const links: unknown[][] = [];
    for (let i = from; i < to; i++) {
      const id = uuid();
      const type = rng.pick(DEVICE_TYPES);
      const s = status();
      const created = START + Math.floor(rng.next() * SPAN);
      const updated = created + Math.floor(rng.next() * (START + SPAN - created));
      const installed = s === "non_connected" ? null : iso(created + Math.floor(rng.next() * 86_400_000 * 30));
      const online = s === "connected" && rng.chance(0.7);
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
        ],
        devices,
      ),
      insert("device_tag", ["device_uuid", "tag_uuid", "space_uuid"], links),
    ].join("\n");
  }

  return { space: SPACE, locations: LOCATIONS, tags: TAGS, headerSql, deviceChunkSql };
}
