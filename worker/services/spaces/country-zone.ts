import { getCountry, getTimezone } from "countries-and-timezones";

/**
 * The one time zone a location in this country almost surely uses, or null where the country
 * spans several (the United States, Spain with the Canaries, Portugal with the Azores).
 *
 * The zone a country's people know comes first: IANA files Croatia, Slovenia and Bosnia under
 * Europe/Belgrade, but a Croatian operator looks for Europe/Zagreb, so where the country's only
 * canonical zone belongs to another country, its own alias (same offsets) is answered instead.
 */
export function obviousTimezone(code: string): string | null {
  const regional = (zones: readonly string[] | undefined) => (zones ?? []).filter((zone) => zone.includes("/"));
  const canonical = regional(getCountry(code)?.timezones);
  const primary = canonical.filter((zone) => getTimezone(zone)?.countries[0] === code);
  if (primary.length === 1) return primary[0] ?? null;
  if (primary.length > 1 || canonical.length !== 1) return null;
  const [shared] = canonical;
  const own = regional(getCountry(code, { deprecated: true })?.timezones).filter((zone) => {
    const tz = getTimezone(zone);
    return tz?.aliasOf === shared && tz.countries.length === 1 && tz.countries[0] === code;
  });
  return own.length === 1 ? (own[0] ?? null) : (shared ?? null);
}
