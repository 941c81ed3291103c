import { CUSTOM_FIELD_NUMBERS, type Space, type SpacePatch } from "@contracts/spaces/schema";

export type FieldNumber = (typeof CUSTOM_FIELD_NUMBERS)[number];
/** console.md §4: none (not required, not unique), required, required and unique. */
export type FieldRule = "none" | "required" | "unique";
export type CustomFieldRow = { n: FieldNumber; enabled: boolean; alias: string; rule: FieldRule };

type Settings = Pick<Space, Extract<keyof Space, `location_custom_${string}`>>;

export const ruleOf = (required: boolean, unique: boolean): FieldRule =>
  unique ? "unique" : required ? "required" : "none";

/** The eight rows of the screen from the space's settings. */
export function rowsOf(space: Settings): CustomFieldRow[] {
  return CUSTOM_FIELD_NUMBERS.map((n) => ({
    n,
    enabled: space[`location_custom_${n}_enabled`],
    alias: space[`location_custom_${n}_alias`],
    rule: ruleOf(space[`location_custom_${n}_required`], space[`location_custom_${n}_unique`]),
  }));
}

/** Body of PATCH /space/{space}/: every field's alias, enabled, required and unique. */
export function toSpacePatch(rows: readonly CustomFieldRow[]): SpacePatch {
  const patch: SpacePatch = {};
  for (const row of rows) {
    patch[`location_custom_${row.n}_alias`] = row.alias.trim();
    patch[`location_custom_${row.n}_enabled`] = row.enabled;
    patch[`location_custom_${row.n}_required`] = row.rule !== "none";
    patch[`location_custom_${row.n}_unique`] = row.rule === "unique";
  }
  return patch;
}

/** console.md §5's line when the server's error reply carries no message. */
export const UNKNOWN_SERVER_ERROR = "Unknown server error";

/**
 * console.md §5: a failed save's errors as 'field: error' lines, from non_field_errors, the
 * per-field lists and, when nothing else was said, the message; a reply that said nothing usable
 * gives the one line Unknown server error.
 */
export function customFieldErrorLines(fieldErrors: Record<string, string[]>, message: string | null): string[] {
  const lines: string[] = [];
  for (const [field, messages] of Object.entries(fieldErrors)) {
    for (const text of messages) lines.push(field === "non_field_errors" ? text : `${field}: ${text}`);
  }
  if (lines.length === 0) lines.push(message || UNKNOWN_SERVER_ERROR);
  return lines;
}
