import { getLocationConsent, getSessionPolicy, listRecordings } from "@contracts/sessions/routes";
import { SESSION_TEXT, type SessionRight } from "@contracts/sessions/values";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useCurrentSpace } from "@/features/session/current-space";
import { spaceQueries } from "@/features/space/queries";
import { callApi } from "@/lib/api/api";

export const sessionQueries = {
  all: (space: string) => ["space", space, "sessions"] as const,
  /** GET /space/{space}/session-policy/ — rights per role and recording. */
  policy: (space: string) =>
    queryOptions({
      queryKey: [...sessionQueries.all(space), "policy"] as const,
      queryFn: ({ signal }) => callApi(getSessionPolicy, { params: { space }, signal }),
      staleTime: 60_000,
    }),
  consent: (space: string, loc: string) =>
    queryOptions({
      queryKey: [...sessionQueries.all(space), "consent", loc] as const,
      queryFn: ({ signal }) => callApi(getLocationConsent, { params: { space, loc }, signal }),
    }),
  recordings: (space: string, device?: string) =>
    queryOptions({
      queryKey: [...sessionQueries.all(space), "recordings", device ?? ""] as const,
      queryFn: ({ signal }) =>
        callApi(listRecordings, { params: { space }, query: device ? { device_uuid: device } : undefined, signal }),
    }),
};

/**
 * Whether the caller's role may use `right` in the current space (the server refuses the session
 * otherwise), and the text that says why not. Allowed while unknown: the server decides anyway,
 * and a button should not flicker disabled while the policy loads.
 */
export function useSessionRight(right: SessionRight): { allowed: boolean; reason: string | null } {
  const { space } = useCurrentSpace();
  const detail = useQuery(spaceQueries.detail(space.space_uuid));
  const policy = useQuery(sessionQueries.policy(space.space_uuid));
  const role = detail.data?.role.code;
  if (!role || !policy.data || role === "viewer") return { allowed: true, reason: null };
  const rights = policy.data.rights[role as "admin" | "content_manager"];
  if (!rights || rights[right]) return { allowed: true, reason: null };
  return { allowed: false, reason: SESSION_TEXT.forbidden(right) };
}
