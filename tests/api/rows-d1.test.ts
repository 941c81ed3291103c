import { asc, Column, eq, is } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deviceTable as d } from "../../drizzle/schema/index.ts";
import type { SpaceCtx } from "../../worker/env.ts";
import { carriedExtras, listRows, listRowsCounted, mappedFields } from "../../worker/services/devices/d1-rows.ts";
import { deviceCountQuery } from "../../worker/services/devices/filters.ts";
import {
  deviceCategoryJoin,
  deviceListFields,
  deviceLocationJoin,
  deviceRows,
  deviceTypeJoin,
} from "../../worker/services/devices/rows.ts";
import { toDevices } from "../../worker/services/devices/to-devices.ts";
import {
  db,
  makeDevice,
  makeDisplay,
  makeLocation,
  makePeripheral,
  makeSpace,
  makeTag,
  makeWorkingTime,
  tagDevice,
} from "../factories.ts";

/*
 * The device list reads D1's row objects past drizzle's mapping (worker/services/devices/d1-rows.ts).
 * These tests hold it to what drizzle itself would return for the same queries, so a column whose
 * mapping it does not know breaks here rather than in a reply.
 */

async function fleet() {
  const space = await makeSpace();
  const ctx = { db: db(), space } as unknown as SpaceCtx;
  const location = await makeLocation(space.space_uuid, { timezone: "Europe/Zagreb" });
  await makeWorkingTime(space.space_uuid, location.uuid, "monday", [{ start: "08:00:00", end: "16:00:00" }]);
  await makeWorkingTime(space.space_uuid, null, "tuesday", [{ start: "09:00:00", end: "17:00:00" }]);
  const placed = await makeDevice(space.space_uuid, {
    location_uuid: location.uuid,
    online: true,
    connected_status: "connected",
    installed_at: "2026-01-02T03:04:05.000Z",
    last_seen: "2026-03-04T05:06:07.000Z",
    peripherals_status: [{ device: "Bill acceptor", status: 2 }],
    local_ip_addresses: ["10.0.0.7"],
  });
  await tagDevice(placed, await makeTag(space.space_uuid, "zeta"), await makeTag(space.space_uuid, "alpha"));
  await makePeripheral(placed);
  await makeDisplay(placed);
  // No location, never installed or seen, nothing attached: the NULLs and the empty extras.
  const bare = await makeDevice(space.space_uuid, { debug_mode: true, demo_mode: true });
  return { space, ctx, location, placed, bare };
}

describe("device rows read past drizzle's mapping", () => {
  it("are the objects drizzle maps: booleans, NULLs, joined names, dates as stored", async () => {
    const { space, ctx, placed, bare } = await fleet();
    const query = () => deviceRows(ctx, eq(d.space_uuid, space.space_uuid)).orderBy(asc(d.uuid));
    const mapped = await query();
    expect(mapped).toHaveLength(2);

    const plain = await listRows(ctx, query(), false);
    const withExtras = await listRows(ctx, query(), true);
    expect(plain).toStrictEqual(mapped);
    // The extras are put aside, never left on the row.
    expect(withExtras).toStrictEqual(mapped);

    const byUuid = new Map(plain.map((row) => [row.uuid, row]));
    expect(byUuid.get(placed.uuid)).toMatchObject({ online: true, installed_at: "2026-01-02T03:04:05.000Z" });
    expect(byUuid.get(bare.uuid)).toMatchObject({
      location_uuid: null,
      location_name: null,
      installed_at: null,
      last_seen: null,
      online: false,
      debug_mode: true,
    });
  });

  it("a selection with JSON columns maps them too, in a batch with its count", async () => {
    const { space, ctx, placed } = await fleet();
    const fields = {
      ...deviceListFields,
      peripherals_status: d.peripherals_status,
      local_ip_addresses: d.local_ip_addresses,
      latest_telemetry: d.latest_telemetry,
    };
    const query = () =>
      ctx.db
        .select(fields)
        .from(d)
        .innerJoin(...deviceTypeJoin)
        .innerJoin(...deviceCategoryJoin)
        .leftJoin(...deviceLocationJoin)
        .where(eq(d.space_uuid, space.space_uuid))
        .orderBy(asc(d.uuid));
    const countQuery = deviceCountQuery(ctx, eq(d.space_uuid, space.space_uuid));

    const { rows, total } = await listRowsCounted<Awaited<ReturnType<typeof query>>[number]>(
      ctx,
      query(),
      countQuery,
      mappedFields(fields),
    );
    expect(total).toBe(2);
    expect(rows).toStrictEqual(await query());
    expect(rows.find((row) => row.uuid === placed.uuid)).toMatchObject({
      peripherals_status: [{ device: "Bill acceptor", status: 2 }],
      local_ip_addresses: ["10.0.0.7"],
      latest_telemetry: null,
    });
  });

  it("knows every mapping the list's columns have (a new kind would need handling)", () => {
    const columns = Object.values(deviceListFields as Record<string, unknown>).filter((c): c is Column =>
      is(c, Column),
    );
    expect(columns.length).toBeGreaterThan(20);
    for (const column of columns) expect(["string", "number", "boolean", "json"]).toContain(column.dataType);
    expect(mappedFields(deviceListFields).map(([field]) => field)).toEqual([
      "online",
      "enabled",
      "debug_mode",
      "demo_mode",
    ]);
  });

  it("rows carry their tags, attached count and schedule; toDevices gives the same devices without them", async () => {
    const { space, ctx, location, placed, bare } = await fleet();
    const rows = await listRows(ctx, deviceRows(ctx, eq(d.space_uuid, space.space_uuid)).orderBy(asc(d.uuid)));
    const placedRow = rows.find((row) => row.uuid === placed.uuid);
    const bareRow = rows.find((row) => row.uuid === bare.uuid);
    if (!placedRow || !bareRow) throw new Error("rows missing");

    expect(carriedExtras(placedRow)?.tags.map((t) => t.name)).toEqual(["alpha", "zeta"]);
    expect(carriedExtras(placedRow)?.attached).toBe(2);
    expect(carriedExtras(placedRow)?.hours).toEqual([
      "Europe/Zagreb",
      location.global_timezone_enabled ? 1 : 0,
      location.global_working_time_enabled ? 1 : 0,
      expect.arrayContaining([
        [location.uuid, "monday", "08:00:00", "16:00:00"],
        [null, "tuesday", "09:00:00", "17:00:00"],
      ]),
    ]);
    expect(carriedExtras(bareRow)).toEqual({ tags: [], attached: 0, hours: null });

    // Copies carry nothing: toDevices reads the same extras in its own batch.
    const copies = rows.map((row) => ({ ...row }));
    expect(copies.every((row) => carriedExtras(row) === undefined)).toBe(true);
    const [carried, batched] = [await toDevices(ctx, rows), await toDevices(ctx, copies)];
    const comparable = (devices: typeof carried) => devices.map(({ expected_online: _, ...rest }) => rest);
    expect(comparable(carried)).toStrictEqual(comparable(batched));
    expect(carried.find((device) => device.uuid === placed.uuid)).toMatchObject({ total_number: 2 });
  });
});
