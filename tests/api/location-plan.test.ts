import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { LocationListQuery } from "../../contracts/locations/schema.ts";
import { COUNTRY_UUID, LOCATION_TYPE_UUID } from "../../contracts/reference.ts";
import { locationRows, locationWhere } from "../../worker/services/locations/queries.ts";
import { deviceTotalsQuery } from "../../worker/services/locations/totals.ts";
import { db, memberOf } from "../factories.ts";

/** A row of SQLite's EXPLAIN QUERY PLAN (only the step's text is read). */
const PlanRow = z.object({ detail: z.string() });

/** SQLite's plan of a query, one line per step. */
async function plan(query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = query.toSQL();
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all();
  return results.map((r) => PlanRow.parse(r).detail);
}

describe("the location list's queries use indexes", () => {
  it("searches location through a space_uuid index for every filter and ordering (never a full scan)", async () => {
    const ctx = { db: db(), space: (await memberOf("viewer")).space };
    const cases: [Partial<LocationListQuery>, LocationListQuery["ordering"]][] = [
      [{ location_type_uuid: LOCATION_TYPE_UUID.shop }, "-created_at"],
      [{ country_uuid: COUNTRY_UUID.HR }, "name"],
      [{ tag_uuid: crypto.randomUUID() }, "-updated_at"],
      [{ name: "a" }, "-online_status"],
    ];
    for (const [filters, ordering] of cases) {
      const steps = await plan(locationRows(ctx, locationWhere(ctx, filters), ordering, { limit: 36, offset: 0 }));
      expect(steps.some((s) => /^SEARCH location USING INDEX location_space_uuid_\w+ \(space_uuid=\?/.test(s))).toBe(
        true,
      );
      expect(steps.filter((s) => /^SCAN (location|device)\b/.test(s))).toEqual([]);
    }
  });

  it("aggregates a page's totals through device(space_uuid, location_uuid, …)", async () => {
    const { space } = await memberOf("viewer");
    const steps = await plan(deviceTotalsQuery({ db: db(), space }, [crypto.randomUUID()]));
    expect(steps[0]).toMatch(
      /^SEARCH device USING (COVERING )?INDEX device_space_uuid_location_\w+ \(space_uuid=\? AND location_uuid=\?\)/,
    );
  });
});
