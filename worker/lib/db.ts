import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../drizzle/schema/index.ts";
import type { Env } from "../env.ts";

export const createDb = (env: Env) => drizzle(env.DB, { schema });
export type Db = ReturnType<typeof createDb>;
export { schema };
