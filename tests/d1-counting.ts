import { env } from "cloudflare:workers";
import type { Env, SpaceCtx } from "../worker/env.ts";
import { createDb } from "../worker/lib/db.ts";

/** A D1 binding that counts round trips, for tests that pin how many a service makes. */
const REAL = Symbol("real statement");
const QUERY = Symbol("statement's SQL");

/**
 * The D1 binding, counting round trips: each statement run alone, and each batch, is one. (A
 * batch is handed D1's own statements: workerd accepts no stand-ins there.)
 */
export function countingD1(real: D1Database) {
  let trips = 0;
  /** The SQL of each statement run, alone or in a batch, in order. */
  const ran: string[] = [];
  const wrap = (stmt: D1PreparedStatement, query: string): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, key) {
        if (key === REAL) return target;
        if (key === QUERY) return query;
        if (key === "bind") return (...values: unknown[]) => wrap(target.bind(...values), query);
        if (key === "all" || key === "raw" || key === "first" || key === "run") {
          return (...args: unknown[]) => {
            trips++;
            ran.push(query);
            return (target[key] as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        const value = Reflect.get(target, key, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  const d1 = {
    prepare: (query: string) => wrap(real.prepare(query), query),
    batch: (statements: D1PreparedStatement[]) => {
      trips++;
      const own = statements as unknown as Record<symbol, unknown>[];
      ran.push(...own.map((s) => s[QUERY] as string));
      return real.batch(own.map((s) => s[REAL] as D1PreparedStatement));
    },
  };
  return { d1: d1 as unknown as D1Database, trips: () => trips, queries: () => [...ran] };
}

/**
 * A service context over the test Worker's D1 that counts round trips (`counting.trips()`): the
 * space's, with the caller when a service needs one, and the Worker's env for room calls.
 */
export function countingContext(space: SpaceCtx["space"], user?: SpaceCtx["user"]) {
  const counting = countingD1((env as unknown as Env).DB);
  const ctx = { db: createDb({ DB: counting.d1 }), env, space, user } as unknown as SpaceCtx;
  return { counting, ctx };
}
