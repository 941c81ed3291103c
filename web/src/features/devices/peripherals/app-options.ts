import type { ApplicationOption, ApplicationTemplate, AvailableApplication } from "@contracts/peripherals/schema";
import type { DraftApp } from "./display-draft";

type Possibility = NonNullable<ApplicationOption["possibilities"]>[number];

/** A possibility is `{ name, value }` or `{ text, value }` (devices.md §3 Application). */
export const possibilityLabel = (possibility: Possibility) =>
  "name" in possibility ? possibility.name : possibility.text;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Select and radio items need string values: a possibility is chosen by its index; a stored
 * value that matches no possibility gives "" (nothing chosen).
 */
export function possibilityKey(option: ApplicationOption, value: unknown): string {
  const index = (option.possibilities ?? []).findIndex((p) => same(p.value, value));
  return index < 0 ? "" : String(index);
}

export function possibilityValue(option: ApplicationOption, key: string): unknown {
  return option.possibilities?.[Number(key)]?.value;
}

/** A template option's starting value: its default_value; a toggle without one is off, a text empty. */
export function optionDefault(option: ApplicationOption): unknown {
  if (option.default_value !== undefined) return option.default_value;
  if (option.type === "toggle") return false;
  if (option.type === "text_input") return "";
  return undefined;
}

/** The config of a newly added application: every option's default, keyed by deterministic_id. */
export function defaultConfig(template: ApplicationTemplate | null): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const option of template?.configurable_options ?? []) {
    const value = optionDefault(option);
    if (value !== undefined) config[option.deterministic_id] = value;
  }
  return config;
}

/** The value an option shows: the chosen one, else its default. */
export const optionValue = (option: ApplicationOption, config: Record<string, unknown>) =>
  option.deterministic_id in config ? config[option.deterministic_id] : optionDefault(option);

export const newDraftApp = (app: AvailableApplication): DraftApp => ({
  uuid: app.uuid,
  name: app.name,
  config: defaultConfig(app.template),
});

/** The applications "Add application" offers for a display: those not on it already. */
export const addableApps = (all: readonly AvailableApplication[], onDisplay: readonly DraftApp[]) =>
  all.filter((app) => !onDisplay.some((a) => a.uuid === app.uuid));
