/** One changed field of an entry: its name and its values before and after (undefined = absent). */
export type FieldChange = { field: string; before: unknown; after: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The fields an entry changed, one row each, in the order they appear. A change records its
 * before as the row was (all its fields) and its after as what was sent: only the fields in the
 * after changed, so a before-only field is left out, and so is one the after gives unchanged. A
 * creation (no before) lists the after's fields, a deletion (no after) the before's. A side that is
 * not an object (a list, a text) is one row named "value".
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  if (before == null && after == null) return [];
  if ((before != null && !isRecord(before)) || (after != null && !isRecord(after))) {
    return [{ field: "value", before: before ?? undefined, after: after ?? undefined }];
  }
  const b = (before ?? {}) as Record<string, unknown>;
  if (after == null) return Object.keys(b).map((field) => ({ field, before: b[field], after: undefined }));
  const a = after as Record<string, unknown>;
  return Object.keys(a)
    .filter((field) => JSON.stringify(b[field]) !== JSON.stringify(a[field]))
    .map((field) => ({ field, before: b[field], after: a[field] }));
}

/** A value as the diff shows it: text as is, others as compact JSON, absent as an em dash. */
export const shown = (value: unknown) =>
  value === undefined ? "—" : typeof value === "string" ? value : JSON.stringify(value);
