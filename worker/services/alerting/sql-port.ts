/*
 * The alerting store's statements are plain SQL with positional parameters, run as one batch (one
 * round trip, one transaction) through this port: D1 in the Worker, node:sqlite in the bench, so
 * the bench counts the very statements production runs.
 */

export type Stmt = { sql: string; params: unknown[] };
export type Row = Record<string, unknown>;
export type SqlPort = { batch(stmts: readonly Stmt[]): Promise<Row[][]> };

export const stmt = (sql: string, ...params: unknown[]): Stmt => ({ sql, params });
