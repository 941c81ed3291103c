import { credentialSelf } from "@contracts/access/routes";
import { useQuery } from "@tanstack/react-query";
import { resolveSpace } from "@/features/session/current-space";
import { sessionQueries } from "@/features/session/queries";
import { ApiError, callApi } from "@/lib/api/api";
import type { WallScope } from "./queries";

/** The space the wall shows, and the scope its display link imposes (none for a person). */
export type WallSpace = { space_uuid: string; space_name: string; imposed: WallScope };

export type WallSpaceState =
  | { status: "pending" }
  | { status: "ready"; space: WallSpace }
  /** The display link no longer works (revoked or expired): the API's words. */
  | { status: "ended"; message: string }
  | { status: "error"; error: Error; retry: () => void }
  /** A signed-in person who belongs to no space. */
  | { status: "none" };

/**
 * Where the wall's data comes from. A display link (the secret in a display session) names its
 * space and scope itself (GET /credential/self/); a signed-in person sees the space they work in
 * (the console's current space).
 */
export function useWallSpace(display: boolean): WallSpaceState {
  const self = useQuery({
    queryKey: ["wall", "credential-self"] as const,
    queryFn: ({ signal }) => callApi(credentialSelf, { signal }),
    enabled: display,
    retry: (count, error) => !(error instanceof ApiError && error.status === 401) && count < 3,
  });
  const me = useQuery({ ...sessionQueries.me(), enabled: !display });
  if (display) {
    if (self.isPending) return { status: "pending" };
    if (self.isError) {
      if (self.error instanceof ApiError && self.error.status === 401)
        return { status: "ended", message: self.error.message };
      return { status: "error", error: self.error, retry: () => void self.refetch() };
    }
    const { space_uuid, space_name, location_group_uuid, location_uuid } = self.data;
    const imposed: WallScope = {};
    if (location_group_uuid) imposed.group = location_group_uuid;
    if (location_uuid) imposed.location = location_uuid;
    return { status: "ready", space: { space_uuid, space_name, imposed } };
  }
  if (me.isPending) return { status: "pending" };
  if (me.isError) return { status: "error", error: me.error, retry: () => void me.refetch() };
  const space = resolveSpace(me.data);
  if (!space) return { status: "none" };
  return { status: "ready", space: { space_uuid: space.space_uuid, space_name: space.space_name, imposed: {} } };
}
