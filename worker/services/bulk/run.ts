import { BULK_CONCURRENCY } from "../../../contracts/bulk/schema.ts";
import { ApiError } from "../../lib/errors.ts";

/** Runs `work` on every item, at most `limit` at once, keeping the items' order in the results. */
export async function mapBounded<T, R>(items: readonly T[], work: (item: T) => Promise<R>, limit = BULK_CONCURRENCY) {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/** One row's failure as {code, message}: the API error's own, or a generic one (logged). */
export function failureOf(error: unknown): { code: string; message: string } {
  if (error instanceof ApiError) {
    const fields = error.errors
      ? Object.values(error.errors)
          .flat()
          .filter((m) => typeof m === "string")
      : [];
    return { code: error.code, message: fields.length ? fields.join(" ") : error.message };
  }
  console.error("bulk row failed", error);
  return { code: "error", message: "Action failed." };
}
