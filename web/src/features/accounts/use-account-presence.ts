import { reportOffline, reportOnline } from "@contracts/api/accounts";
import { useEffect } from "react";
import { callApi } from "@/lib/api";
import { beforeSignOut } from "@/lib/session";

const report = (spaceUuid: string, accountUuid: string, kind: "login" | "logout") =>
  callApi(kind === "login" ? reportOnline : reportOffline, {
    params: { space: spaceUuid },
    json: { account_uuid: accountUuid },
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
