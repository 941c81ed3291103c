/** One changed field of an entry: its name and its values before and after (undefined = absent). */
export type FieldChange = { field: string; before: unknown; after: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The fields an entry's before/after records, one row each, in the order they first appear;
 * a side that is not an object (a list, a text) is one row named "value".
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  if (before == null && after == null) return [];
  if ((before != null && !isRecord(before)) || (after != null && !isRecord(after))) {
    return [{ field: "value", before: before ?? undefined, after: after ?? undefined }];
  }
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.map((field) => ({ field, before: b[field], after: a[field] }));
}

/** A value as the diff shows it: text as is, others as compact JSON, absent as an em dash. */
export const shown = (value: unknown) =>
  value === undefined ? "—" : typeof value === "string" ? value : JSON.stringify(value);
