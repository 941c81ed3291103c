import { z } from "zod";
import { SEARCH_MAX } from "./text-values.ts";

export { SEARCH_MAX } from "./text-values.ts";

/** The spec's message for a text over its length (console.md §3: "Text inputs max 256 …"). */
export const maxLengthMessage = (n: number) => `Ensure this field has no more than ${n} characters.`;

export const UNSAFE_NAME_MESSAGE = "Enter a name without control or text-direction characters.";
export const UNSAFE_TEXT_MESSAGE = "Enter a text without control or text-direction characters.";
export const UNSAFE_SEARCH_MESSAGE = "Enter a search without control or text-direction characters.";

/**
 * Bidi embeddings/overrides (U+202A–U+202E) and isolates (U+2066–U+2069): they reorder what
 * follows them on screen, so a name could show as something else in lists, logs and CSVs.
 */
const BIDI_CONTROLS = "\\u202A-\\u202E\\u2066-\\u2069";
/** C0 controls (NUL included), DEL and C1 controls: never part of a one-line name. */
const UNSAFE_IN_LINE = new RegExp(`[\\u0000-\\u001F\\u007F-\\u009F${BIDI_CONTROLS}]`);
/** Multi-line text (descriptions, comments, messages) may also hold tabs and line breaks. */
const UNSAFE_IN_TEXT = new RegExp(`[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F${BIDI_CONTROLS}]`);

export const isSafeName = (value: string) => !UNSAFE_IN_LINE.test(value);
export const isSafeText = (value: string) => !UNSAFE_IN_TEXT.test(value);

/**
 * ?search= / ?name= of a list or export: trimmed, at most SEARCH_MAX characters, and no control
 * or text-direction characters. No name can hold them (safeName), so such a search finds nothing;
 * a NUL also ends an FTS5 phrase early, which the database answers with an error.
 */
export const searchText = z
  .string()
  .trim()
  .max(SEARCH_MAX, maxLengthMessage(SEARCH_MAX))
  .refine(isSafeName, UNSAFE_SEARCH_MESSAGE)
  .optional();

/**
 * A user-given one-line name or text (device, location, group, tag, display name…): refuses
 * control and text-direction characters. `safeName(z.string().trim().min(1).max(256))`.
 */
export const safeName = <T extends z.ZodString>(schema: T) => schema.refine(isSafeName, UNSAFE_NAME_MESSAGE);

/** A user-given multi-line text (description, comment, message): tab, CR and LF allowed. */
export const safeText = <T extends z.ZodString>(schema: T) => schema.refine(isSafeText, UNSAFE_TEXT_MESSAGE);
