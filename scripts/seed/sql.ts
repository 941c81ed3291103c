/**
 * Renders rows of a Drizzle table as SQL INSERT statements (for the reference-data migration
 * and the demo seed file). Values go through each column's own driver mapping, so booleans
 * become 0/1 and json columns JSON text, exactly as the Worker stores them.
 */
import { getTableColumns, getTableName } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  throw new Error(`cannot render ${typeof value} as SQL`);
}

export const quoteId = (name: string) => `"${name.replaceAll('"', '""')}"`;

const CHUNK = 50;

/**
 * INSERT statements for rows (rows with different key sets become separate statements).
 * upsertOn: conflict target (TS keys); the other given columns are updated on conflict.
 */
export function insertSql<T extends SQLiteTable>(
  table: T,
  rows: readonly T["$inferInsert"][],
  opts: { orIgnore?: boolean; upsertOn?: string[] } = {},
): string[] {
  const columns = getTableColumns(table);
  const tableName = getTableName(table);
  const order = Object.keys(columns);
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const record = row as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .sort((a, b) => order.indexOf(a) - order.indexOf(b));
    for (const key of keys) if (!(key in columns)) throw new Error(`${tableName} has no column ${key}`);
    const signature = keys.join(",");
    groups.set(signature, [...(groups.get(signature) ?? []), record]);
  }
  const statements: string[] = [];
  for (const [signature, group] of groups) {
    const keys = signature.split(",");
    const head = `INSERT${opts.orIgnore ? " OR IGNORE" : ""} INTO ${quoteId(tableName)} (${keys
      .map((k) => quoteId(columns[k].name))
      .join(", ")}) VALUES`;
    const upsert = opts.upsertOn
      ? `\nON CONFLICT (${opts.upsertOn.map((k) => quoteId(columns[k].name)).join(", ")}) DO UPDATE SET ${keys
          .filter((k) => !opts.upsertOn?.includes(k))
          .map((k) => `${quoteId(columns[k].name)} = excluded.${quoteId(columns[k].name)}`)
          .join(", ")}`
      : "";
    for (let i = 0; i < group.length; i += CHUNK) {
      const values = group.slice(i, i + CHUNK).map((record) => {
        const cells = keys.map((k) => {
          const value = record[k];
          return sqlLiteral(value === null ? null : columns[k].mapToDriverValue(value));
        });
        return `  (${cells.join(", ")})`;
      });
      statements.push(`${head}\n${values.join(",\n")}${upsert};`);
    }
  }
  return statements;
}
