import { useQuery } from "@tanstack/react-query";
import { useCurrentSpace } from "@/features/session/current-space";
import { spaceQueries } from "./queries";

export type SpacePermissions = {
  /** Content Managers and Admins change locations, groups, devices and tags. */
  canWrite: boolean;
  /** Admins also set custom fields and the global working time. */
  isAdmin: boolean;
  /** The role's answer is in (or failed): a page whose layout depends on it (a column) waits for this. */
  settled: boolean;
};

/**
 * What the caller's role allows in the current space (from GET /space/{space}/ role.code).
 * Nothing is allowed until the role is known: the UI only hides what the server would refuse.
 */
export function usePermissions(): SpacePermissions {
  const { space } = useCurrentSpace();
  const detail = useQuery(spaceQueries.detail(space.space_uuid));
  const code = detail.data?.role.code;
  return {
    canWrite: code === "admin" || code === "content_manager",
    isAdmin: code === "admin",
    settled: detail.isSuccess || detail.isError,
  };
}
