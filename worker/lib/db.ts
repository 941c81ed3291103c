import type { BatchItem } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../drizzle/schema/index.ts";
import type { Env } from "../env.ts";

export const createDb = (env: Env) => drizzle(env.DB, { schema });
export type Db = ReturnType<typeof createDb>;
export { schema };

/** Runs `writes` as one D1 batch (D1 wants at least one statement): false, and nothing sent, when there are none. */
export async function batchAll(db: Db, writes: readonly BatchItem<"sqlite">[]): Promise<boolean> {
  const [first, ...rest] = writes;
  if (!first) return false;
  await db.batch([first, ...rest]);
  return true;
}
