import type { Role } from "@contracts/spaces/schema";

/**
 * The role an invitation row starts with: the least privileged one, so that nobody becomes an
 * Admin by leaving the select alone. The space's roles come most privileged first (Admin, Content
 * Manager, Viewer); "Viewer" by name when there is one, else the last.
 */
export function defaultInviteRole(roles: readonly Role[]): string {
  return (roles.find((role) => role.name === "Viewer") ?? roles.at(-1))?.uuid ?? "";
}
