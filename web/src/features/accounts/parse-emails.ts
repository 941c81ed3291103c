/** console.md §5: an e-mail entry is split on commas and whitespace, trimmed, empties dropped. */
export function splitEmails(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Adds e-mails to a row's chips, once each (case-insensitive). */
export function addEmails(chips: readonly string[], added: readonly string[]): string[] {
  const seen = new Set(chips.map((c) => c.toLowerCase()));
  const out = [...chips];
  for (const email of added) {
    if (seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    out.push(email);
  }
  return out;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A quick shape check for chip styling; the server validates for real. */
export const looksLikeEmail = (value: string) => EMAIL.test(value);
