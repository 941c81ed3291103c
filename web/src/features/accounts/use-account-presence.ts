import { PresenceReply } from "@contracts/account";
import { useEffect } from "react";
import { apiFetch } from "@/lib/api";
import { beforeSignOut } from "@/lib/session";

const report = (spaceUuid: string, accountUuid: string, kind: "login" | "logout") =>
  apiFetch(`/space/${spaceUuid}/account/${kind}/`, {
    method: "POST",
    json: { account_uuid: accountUuid },
    schema: PresenceReply,
  }).catch((error) => console.warn(`Presence ${kind} failed`, error));

/**
 * console.md §7.5: the space dashboard reports the user online when it starts
 * (POST /account/login/) and offline on sign-out (POST /account/logout/, before the
 * session's tokens are revoked).
 */
export function useAccountPresence(spaceUuid: string, accountUuid: string) {
  useEffect(() => {
    void report(spaceUuid, accountUuid, "login");
    return beforeSignOut(() => report(spaceUuid, accountUuid, "logout"));
  }, [spaceUuid, accountUuid]);
}
