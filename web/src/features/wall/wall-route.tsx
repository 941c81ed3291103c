import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { RequireSession } from "@/app/require-session";
import { getDisplaySecret, startDisplaySession } from "@/lib/session/display-session";
import { takeDisplaySecret } from "./wall-params";
import { WallScreen } from "./wall-screen";

/**
 * /wall's guard. Opened as `/wall?display=SECRET` (a wall display link) it starts a display
 * session with the secret and takes it out of the address bar at once (history.replaceState,
 * then the router follows); a screen already in a display session shows the wall too. Anyone
 * else needs a normal sign-in: the app's route guard, which renders the child route (WallForUser).
 */
export function WallRoute() {
  const navigate = useNavigate();
  const [opened] = useState(() => {
    const { secret, href } = takeDisplaySecret(window.location.href);
    if (secret) {
      startDisplaySession(secret);
      window.history.replaceState(window.history.state, "", href);
    }
    // A link with a secret that is not one still shows the wall's own message, not the sign-in page.
    return { display: secret !== null || getDisplaySecret() !== null, href: secret ? href : null };
  });
  useEffect(() => {
    if (opened.href) navigate(opened.href, { replace: true });
  }, [opened.href, navigate]);
  return opened.display ? <WallScreen display /> : <RequireSession />;
}

/** The wall of a signed-in person (below RequireSession). */
export function WallForUser() {
  return <WallScreen display={false} />;
}
