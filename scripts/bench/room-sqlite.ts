/**
 * A stopped `wrangler dev`'s Durable Object storage, opened with node:sqlite: finds a room's
 * .sqlite file under the persist dir and offers the `exec` a room's code calls (SqlExec), so a
 * bench can fill a room with the room's own writes before the server is started again.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { SqlExec } from "../../worker/rooms/telemetry-history.ts";

/** The .sqlite files of a Durable Object class (`<persist>/v3/do/<script>-<Class>/<id>.sqlite`). */
export function roomFiles(persistDir: string, className: string): string[] {
  const root = join(persistDir, "v3", "do");
  return readdirSync(root)
    .filter((dir) => dir.endsWith(`-${className}`))
    .flatMap((dir) =>
      readdirSync(join(root, dir))
        .filter((f) => f.endsWith(".sqlite"))
        .map((f) => join(root, dir, f)),
    );
}

export function openRoom(file: string): { sql: SqlExec; transaction(fn: () => void): void; close(): void } {
  const db = new DatabaseSync(file);
  const sql: SqlExec = {
    exec<T>(query: string, ...bindings: (string | number | null)[]) {
      // Run at once, as a room's exec does (an INSERT whose cursor is never read still runs).
      const rows = db.prepare(query).all(...bindings) as T[];
      return {
        toArray: () => rows,
        one: () => {
          const [row] = rows;
          if (!row) throw new Error("Expected exactly one result from SQL query, but got no results.");
          return row;
        },
        [Symbol.iterator]: () => rows[Symbol.iterator](),
      };
    },
  } as SqlExec;
  return {
    sql,
    transaction(fn) {
      db.exec("BEGIN");
      try {
        fn();
        db.exec("COMMIT");
      } catch (error) {
        db.exec("ROLLBACK");
        throw error;
      }
    },
    close: () => db.close(),
  };
}
