import { DISPLAY_RULES, type DisplayConfigurationEntry } from "../../../contracts/peripherals/schema.ts";

/** What the rules need of a stored display. */
export type StoredDisplay = {
  uuid: string;
  available_resolutions: string[];
  available_refresh_rates: Record<string, number[]>;
};

const FIELD = "displays_configuration";
/** Not in the spec's catalogue: the display_application key allows an application once per display. */
export const DUPLICATE_APPLICATION = "An application can be shown only once on a display.";

/**
 * devices.md §4 Displays: the rules a saved configuration must keep, as field errors keyed
 * `displays_configuration` (the whole list) or `displays_configuration.{i}.{field}` (entry i).
 * Empty when the configuration is valid.
 */
export function displayConfigurationErrors(
  stored: readonly StoredDisplay[],
  entries: readonly DisplayConfigurationEntry[],
  knownApplications: ReadonlySet<string>,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => {
    if (!errors[key]?.includes(message)) errors[key] = [...(errors[key] ?? []), message];
  };
  const byUuid = new Map(stored.map((d) => [d.uuid, d]));
  const listed = new Set<string>();
  entries.forEach((entry, i) => {
    const display = byUuid.get(entry.uuid);
    if (!display) {
      add(`${FIELD}.${i}.uuid`, DISPLAY_RULES.unknownDisplay);
      return;
    }
    if (listed.has(entry.uuid)) add(FIELD, DISPLAY_RULES.everyDisplay);
    listed.add(entry.uuid);
    const available = display.available_resolutions;
    const resolutionOk = available.length ? available.includes(entry.resolution) : entry.resolution === "";
    if (!resolutionOk) add(`${FIELD}.${i}.resolution`, DISPLAY_RULES.resolution);
    const rates = display.available_refresh_rates[entry.resolution] ?? [];
    if (entry.refresh_rate !== null && !rates.includes(entry.refresh_rate))
      add(`${FIELD}.${i}.refresh_rate`, DISPLAY_RULES.refreshRate);
    const apps = new Set<string>();
    for (const app of entry.applications) {
      if (!knownApplications.has(app.uuid)) add(`${FIELD}.${i}.applications`, DISPLAY_RULES.unknownApplication);
      else if (apps.has(app.uuid)) add(`${FIELD}.${i}.applications`, DUPLICATE_APPLICATION);
      apps.add(app.uuid);
    }
  });
  if (stored.some((d) => !listed.has(d.uuid))) add(FIELD, DISPLAY_RULES.everyDisplay);
  if (!entries.some((e) => !e.disabled)) add(FIELD, DISPLAY_RULES.oneEnabled);
  const primaries = entries.filter((e) => e.primary);
  if (primaries.length !== 1 || primaries[0].disabled) add(FIELD, DISPLAY_RULES.onePrimary);
  return errors;
}
