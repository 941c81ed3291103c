import { reportOffline, reportOnline } from "@contracts/accounts/routes";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { callApi } from "@/lib/api/api";
import { beforeSignOut } from "@/lib/session/session";
import { accountQueries } from "./queries";

const report = (spaceUuid: string, accountUuid: string, kind: "login" | "logout") =>
  callApi(kind === "login" ? reportOnline : reportOffline, {
    params: { space: spaceUuid },
    json: { account_uuid: accountUuid },
  }).then(
    () => true,
    (error: unknown) => {
      console.warn(`Presence ${kind} failed`, error);
      return false;
    },
  );

/**
 * console.md §7.5: the space dashboard reports the user online when it starts
 * (POST /account/login/) and offline on sign-out (POST /account/logout/, before the
 * session's tokens are revoked).
 */
export function useAccountPresence(spaceUuid: string, accountUuid: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    // The space room's accountOnline may go out before this tab's socket is open: reload the
    // accounts once the report is in, so the list and its Online count include the user at once.
    void report(spaceUuid, accountUuid, "login").then((done) => {
      if (done) void queryClient.invalidateQueries({ queryKey: accountQueries.all(spaceUuid) });
    });
    return beforeSignOut(() => report(spaceUuid, accountUuid, "logout"));
  }, [spaceUuid, accountUuid, queryClient]);
}
