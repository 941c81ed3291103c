import { env, runInDurableObject } from "cloudflare:test";
import { getServerByName } from "partyserver";
import { describe, expect, it } from "vitest";
import { DEVICE_SCHEMA_VERSION } from "../../worker/rooms/device-storage.ts";
import { makeDevice, memberOf } from "../factories.ts";

const tables = (sql: SqlStorage) =>
  sql
    .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .toArray()
    .map((r) => r.name);
const version = (sql: SqlStorage) =>
  sql.exec<{ value: string }>("SELECT value FROM kv WHERE key = 'schema_version'").toArray()[0]?.value;

describe("DeviceRoom tables: created once per schema version, not on every wake", () => {
  it("a new room creates its tables and records the version; a wake at that version creates nothing; an older version migrates again", async () => {
    const member = await memberOf("content_manager");
    const device = await makeDevice(member.space.space_uuid);
    const room = await getServerByName(env.Device, device.uuid);
    await runInDurableObject(room, async (instance, state) => {
      const sql = state.storage.sql;
      expect(tables(sql)).toEqual(
        expect.arrayContaining([
          "kv",
          "command_log",
          "tunnel_session",
          "telemetry",
          "telemetry_point",
          "telemetry_rollup",
        ]),
      );
      expect(version(sql)).toBe(String(DEVICE_SCHEMA_VERSION));

      // A wake at the current version runs no CREATE: a table dropped meanwhile stays dropped.
      sql.exec("DROP TABLE tunnel_session");
      await instance.onStart();
      expect(tables(sql)).not.toContain("tunnel_session");

      // A room last started by older code (no or another version) creates and migrates again.
      sql.exec("UPDATE kv SET value = '0' WHERE key = 'schema_version'");
      await instance.onStart();
      expect(tables(sql)).toContain("tunnel_session");
      expect(version(sql)).toBe(String(DEVICE_SCHEMA_VERSION));
    });
  });
});
