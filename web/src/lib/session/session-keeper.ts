import { TokenRequestError } from "./auth-client";
import { endSession, getSession, refreshSession, subscribeSession } from "./session";

/** Refresh this long before the access token expires (spec: lifetime − 60 s). */
export const REFRESH_MARGIN_MS = 60_000;
/** After a transient failure (network, 5xx) try again this soon. */
const RETRY_MS = 15_000;

/**
 * Keeps the session alive: a refresh runs `expires_in − 60` seconds after each new token.
 * A refused refresh is logged and logs the user out; a network failure is retried, so a
 * wall screen survives a Wi-Fi hiccup while its refresh token is still good.
 */
export function startSessionKeeper(): () => void {
  let timer: number | undefined;

  const refresh = async (staleToken: string) => {
    try {
      await refreshSession(staleToken); // stores the new session → `schedule` runs again
    } catch (error) {
      console.error("Token refresh failed", error);
      if (error instanceof TokenRequestError && !error.isDefinitive) {
        timer = window.setTimeout(() => void refresh(staleToken), RETRY_MS);
      } else {
        endSession("expired");
      }
    }
  };

  const schedule = () => {
    window.clearTimeout(timer);
    const session = getSession();
    if (!session) return;
    const delay = Math.max(session.expires_at - REFRESH_MARGIN_MS - Date.now(), 1000);
    timer = window.setTimeout(() => void refresh(session.access_token), delay);
  };

  schedule();
  const unsubscribe = subscribeSession(schedule);
  return () => {
    unsubscribe();
    window.clearTimeout(timer);
  };
}
