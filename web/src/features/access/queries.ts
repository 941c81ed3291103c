import {
  addApiToken,
  addDisplayLink,
  listApiTokens,
  listDisplayLinks,
  revokeApiToken,
  revokeDisplayLink,
} from "@contracts/access/routes";
import type { ApiTokenAddInput, CredentialKind, DisplayLinkAddInput, IssuedCredential } from "@contracts/access/schema";
import { listLocationGroups } from "@contracts/location-groups/routes";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/api/api";

/** Query keys and options of a space's display links and API tokens (Admin only). */
export const accessQueries = {
  all: (space: string) => ["space", space, "access"] as const,
  /** GET /space/{space}/display-link/items/ — newest first, revoked ones too. */
  displayLinks: (space: string) =>
    queryOptions({
      queryKey: [...accessQueries.all(space), "display_link"] as const,
      queryFn: ({ signal }) => callApi(listDisplayLinks, { params: { space }, signal }),
      select: (reply) => reply.display_links,
    }),
  /** GET /space/{space}/api-token/items/ — newest first, revoked ones too. */
  apiTokens: (space: string) =>
    queryOptions({
      queryKey: [...accessQueries.all(space), "api_token"] as const,
      queryFn: ({ signal }) => callApi(listApiTokens, { params: { space }, signal }),
      select: (reply) => reply.api_tokens,
    }),
  /** The space's location groups by name, for a display link's scope (one big page). */
  groupOptions: (space: string) =>
    queryOptions({
      queryKey: [...accessQueries.all(space), "group-options"] as const,
      queryFn: ({ signal }) => callApi(listLocationGroups, { params: { space }, query: { page_size: 100 }, signal }),
      select: (reply) => [...reply.location_groups].sort((a, b) => a.name.localeCompare(b.name)),
    }),
};

export type CredentialAdd =
  | { kind: "display_link"; input: DisplayLinkAddInput }
  | { kind: "api_token"; input: ApiTokenAddInput };

/** POST …/display-link/add/ or …/api-token/add/: the reply carries the secret, shown once. */
export function useAddCredential(space: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (add: CredentialAdd): Promise<IssuedCredential> =>
      add.kind === "display_link"
        ? callApi(addDisplayLink, { params: { space }, json: add.input })
        : callApi(addApiToken, { params: { space }, json: add.input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accessQueries.all(space) }),
  });
}

/** DELETE …/display-link/{uuid}/ or …/api-token/{uuid}/ (204): its sockets close before this answers. */
export function useRevokeCredential(space: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, uuid }: { kind: CredentialKind; uuid: string }) =>
      kind === "display_link"
        ? callApi(revokeDisplayLink, { params: { space, uuid } })
        : callApi(revokeApiToken, { params: { space, uuid } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: accessQueries.all(space) }),
  });
}

/** The address a wall opens for a display link's secret. */
export const wallUrlOf = (secret: string, origin = window.location.origin) =>
  `${origin}/wall?display=${encodeURIComponent(secret)}`;

/** A credential's state at `now`: revoked, expired or active. */
export function credentialStatus(
  credential: { revoked_at: string | null; expires_at: string | null },
  now = Date.now(),
): "active" | "revoked" | "expired" {
  if (credential.revoked_at) return "revoked";
  if (credential.expires_at && Date.parse(credential.expires_at) <= now) return "expired";
  return "active";
}
