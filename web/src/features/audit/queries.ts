import { auditAnchors, exportAuditLog, listAuditLog, verifyAuditLog } from "@contracts/audit/routes";
import type { AuditFilters } from "@contracts/audit/schema";
import { routePath } from "@contracts/http/path";
import { infiniteQueryOptions, queryOptions, useMutation } from "@tanstack/react-query";
import { apiDownload, callApi } from "@/lib/api/api";

/** The page's filters as it holds them ("" = no filter; times as the datetime-local inputs give them). */
export type AuditFilterState = {
  actor: string;
  action: string;
  target: string;
  device: string;
  from: string;
  to: string;
};
export const NO_FILTERS: AuditFilterState = { actor: "", action: "", target: "", device: "", from: "", to: "" };

/** A datetime-local value (the browser's local time) as an ISO instant, or undefined. */
const instant = (local: string) => {
  if (!local) return undefined;
  const time = new Date(local);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
};

/** The API's filters: empty ones left out. */
export function auditQuery(f: AuditFilterState): AuditFilters {
  return {
    actor: f.actor.trim() || undefined,
    action: f.action.trim() || undefined,
    target: f.target.trim() || undefined,
    device: f.device || undefined,
    from: instant(f.from),
    to: instant(f.to),
  };
}

/** Entries per request while the list scrolls. */
export const AUDIT_PAGE_SIZE = 200;

export const auditQueries = {
  all: (space: string) => ["space", space, "audit"] as const,
  /** GET /space/{space}/audit/items/, newest first, following next_cursor. */
  list: (space: string, filters: AuditFilterState) =>
    infiniteQueryOptions({
      queryKey: [...auditQueries.all(space), "list", filters] as const,
      queryFn: ({ pageParam, signal }) =>
        callApi(listAuditLog, {
          params: { space },
          query: { ...auditQuery(filters), cursor: pageParam ?? undefined, limit: AUDIT_PAGE_SIZE },
          signal,
        }),
      initialPageParam: null as number | null,
      getNextPageParam: (last) => last.next_cursor,
    }),
  /** GET /space/{space}/audit/anchors/: the R2 daily anchors, the prune anchor, the retention. */
  anchors: (space: string) =>
    queryOptions({
      queryKey: [...auditQueries.all(space), "anchors"] as const,
      queryFn: ({ signal }) => callApi(auditAnchors, { params: { space }, signal }),
    }),
};

/** GET /space/{space}/audit/verify/: the chain recomputed; the result stays on the page. */
export const useVerifyAudit = (space: string) =>
  useMutation({ mutationFn: () => callApi(verifyAuditLog, { params: { space } }) });

/** The filtered log as audit_export.csv / .jsonl (streamed by the server). */
export const downloadAuditExport = (space: string, filters: AuditFilterState, format: "csv" | "jsonl") =>
  apiDownload(routePath(exportAuditLog, { space }), {
    query: { ...auditQuery(filters), format },
    filename: `audit_export.${format}`,
  });
