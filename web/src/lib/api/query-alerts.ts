import type { Query } from "@tanstack/react-query";
import { type MessageKey, storedLang, translate } from "../i18n";
import { showAlert } from "../ui/alerts";

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: {
      /** console.md §8: the error alert raised (once, after the retries) when this read fails. */
      errorAlert?: MessageKey;
    };
  }
}

/**
 * The query cache's onError: a query whose meta names an errorAlert logs the error and raises that
 * alert ("Failed to get countries. Check console."); other failures stay with their screens.
 */
export function alertQueryFailure(error: Error, query: Pick<Query, "meta" | "queryHash">) {
  const key = query.meta?.errorAlert;
  if (!key) return;
  console.error(error);
  // One alert per query however many screens read it.
  showAlert({ type: "error", message: translate(storedLang(), key), uuid: `query-failed:${query.queryHash}` });
}
