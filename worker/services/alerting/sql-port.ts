/*
 * The alerting store's statements are plain SQL with positional parameters, run as one batch (one
 * round trip, one transaction) through this port: D1 in the Worker, node:sqlite in the bench, so
 * the bench counts the very statements production runs.
 */

export type Stmt = { sql: string; params: unknown[] };
export type Row = Record<string, unknown>;
export type SqlPort = { batch(stmts: readonly Stmt[]): Promise<Row[][]> };

export const stmt = (sql: string, ...params: unknown[]): Stmt => ({ sql, params });

/** D1 through the port; `counter` (tests, bench) adds up the statements sent. */
export function d1Port(db: D1Database, counter?: { statements: number }): SqlPort {
  return {
    async batch(stmts) {
      if (stmts.length === 0) return [];
      if (counter) counter.statements += stmts.length;
      const results = await db.batch(stmts.map((s) => db.prepare(s.sql).bind(...s.params.map(bindable))));
      return results.map((r) => (r.results ?? []) as Row[]);
    },
  };
}

const bindable = (v: unknown) => (v === undefined ? null : typeof v === "boolean" ? (v ? 1 : 0) : v);
