import { useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { sessionEndReason, useSession } from "@/lib/session/session";

/**
 * Every route below needs a session. Without one: log "Unauthorized" and go to /login,
 * remembering the page so sign-in can return to it (not after the user's own sign-out).
 */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  const signedOut = sessionEndReason() === "signed_out";

  useEffect(() => {
    if (!session && !signedOut) console.warn("Unauthorized", location.pathname);
  }, [session, signedOut, location.pathname]);

  if (!session) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={signedOut ? undefined : { from }} />;
  }
  return <Outlet />;
}
