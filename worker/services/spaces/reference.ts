import { asc } from "drizzle-orm";
import type { CountryList, LocationTypeList } from "../../../contracts/locations/schema.ts";
import { countryTable, locationTypeTable } from "../../../drizzle/schema/index.ts";
import type { Db } from "../../lib/db.ts";
import { obviousTimezone } from "./country-zone.ts";

/** Global reference data: the same for every space, so these take only the db. */
type ReadCtx = { ctx: { db: Db } };

/** GET /location-type/items/ (and under a space): the 12 types in their reference order. */
export async function listLocationTypes({ ctx }: ReadCtx): Promise<LocationTypeList> {
  const location_types = await ctx.db
    .select({ uuid: locationTypeTable.uuid, name: locationTypeTable.name })
    .from(locationTypeTable)
    .orderBy(asc(locationTypeTable.uuid));
  return { location_types };
}

const byName = new Intl.Collator("en").compare;

/**
 * GET /country/items/ (and /space/{space}/location/country/items/): countries by name, in
 * English alphabetical order (Åland Islands next to Albania, not after Zimbabwe as in SQL), each
 * with the time zone a location there almost surely uses (null where it spans several).
 */
export async function listCountries({ ctx }: ReadCtx): Promise<CountryList> {
  const countries = await ctx.db
    .select({ uuid: countryTable.uuid, name: countryTable.name, code: countryTable.code })
    .from(countryTable);
  return {
    countries: countries
      .sort((a, b) => byName(a.name, b.name))
      .map((country) => ({ ...country, timezone: obviousTimezone(country.code) })),
  };
}
