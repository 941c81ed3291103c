import { en, type MessageKey } from "./en";

/**
 * The English texts loaded so far: en.ts at once, then each part (en-*.ts) as the first module using it
 * loads. Every language falls back to these, so a part is loaded wherever its keys are named.
 */
export const english: Partial<Record<MessageKey, string>> = { ...en };

/** Adds a part's texts to `english` when its module loads, and returns the part. */
export function englishPart<const T extends Record<string, string>>(part: T): T {
  Object.assign(english, part);
  return part;
}
