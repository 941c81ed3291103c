import { sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { ApiError } from "../../lib/errors.ts";

/** A record edited as JSON: its name column and the rest of its document (the config column). */
export type StoredRecord = { name: string; config: Record<string, unknown> };
export type Document = { name: string } & Record<string, unknown>;

/** The document the editor shows: `name` first, then every stored field. */
export const toDocument = (row: StoredRecord): Document => {
  const { name: _ignored, ...config } = row.config;
  return { name: row.name, ...config };
};

/** A validated document → the name column and the config column (every other field, kept as sent). */
export const fromDocument = (document: Document): StoredRecord => {
  const { name, ...config } = document;
  return { name, config };
};

/** The name rule of both tables: unique whatever the case (the lower(name) unique indexes). */
export const sameName = (column: SQLiteColumn, name: string) => sql`lower(${column}) = lower(${name})`;

/** 400 with the error under `name`, the path the editor marks. */
export const nameTaken = (message: string) =>
  new ApiError("validation_error", "There are validation errors.", { name: [message] });

/** D1's error for a write that broke a unique index (a concurrent save took the name first). */
export const isUniqueViolation = (error: unknown) =>
  error instanceof Error && /UNIQUE constraint failed/i.test(`${error.message} ${String(error.cause ?? "")}`);
