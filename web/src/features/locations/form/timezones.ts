import type { ComboOption } from "@/components/ui/option-list";

/** Every IANA zone the browser knows (console.md §3.4: the list comes from the browser). */
export function browserTimezones(): string[] {
  try {
    return Intl.supportedValuesOf("timeZone");
  } catch {
    return [];
  }
}

/**
 * The timezone choices: the space's timezone first, labelled as the global timezone, then
 * every other zone once, in the browser's order.
 */
export function timezoneOptions(spaceTimezone: string, zones: readonly string[], globalLabel: string): ComboOption[] {
  const rest = zones.filter((zone) => zone !== spaceTimezone).map((zone) => ({ value: zone, label: zone }));
  if (!spaceTimezone) return rest;
  return [{ value: spaceTimezone, label: spaceTimezone, hint: globalLabel }, ...rest];
}
