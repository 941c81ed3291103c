import type { Row, SqlPort } from "./sql-port.ts";

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
