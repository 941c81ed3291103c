export type CsvCell = string | number | boolean | null | undefined;

/** A spreadsheet would run text starting with these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One RFC 4180 cell: quoted when it holds a comma, quote or line break, quotes doubled. Text that
 * a spreadsheet would evaluate as a formula is prefixed with an apostrophe (OWASP's advice).
 * Booleans read Yes or No (console.md §4).
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "boolean" ? (value ? "Yes" : "No") : String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A CSV document: header row, then the rows, CRLF line ends. It starts with a UTF-8 byte order
 * mark so spreadsheet programs read names such as "Čakovec" correctly.
 */
export const toCsv = (header: readonly string[], rows: readonly (readonly CsvCell[])[]) =>
  `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;

/** Headers of a CSV download named `filename`. */
export const csvHeaders = (filename: string) => ({
  "Content-Type": "text/csv; charset=utf-8",
  "Content-Disposition": `attachment; filename="${filename}"`,
});
