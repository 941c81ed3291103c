import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useT } from "../i18n";
import { useDisplaySession } from "../session/display-session";
import { getSession } from "../session/session";
import { showAlert } from "../ui/alerts";

/** The room's client (partysocket, the messages' handling): loaded after the first render. */
const loadRealtime = () => import("./realtime");
/** A failed load (offline, a new deployment) is tried again, waiting longer each time up to a minute. */
const RETRY_MS = [2_000, 5_000, 15_000, 60_000];

/**
 * Keeps the current space's room connected while the signed-in shell (or a wall) is mounted. A
 * wall's display session needs no user session: the socket is opened with the display link, and
 * again when a display session starts (the wall was opened with a new link).
 */
export function useSpaceRealtime(spaceUuid: string | undefined) {
  const queryClient = useQueryClient();
  const { secret: display, ended } = useDisplaySession();
  const t = useT();
  // A language change must not reconnect the socket: read the latest `t` through a ref.
  const tRef = useRef(t);
  useEffect(() => {
    tRef.current = t;
  }, [t]);

  useEffect(() => {
    if (!spaceUuid) return;
    // A wall whose display link was revoked or expired stays disconnected (it shows why); a
    // started or changed display session reconnects with its link.
    if (!display && ended && !getSession()) return;
    let stop: (() => void) | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const connect = (attempt: number) => {
      loadRealtime().then(
        ({ connectSpaceRoom }) => {
          if (stopped) return;
          stop = connectSpaceRoom(spaceUuid, {
            queryClient,
            alert: showAlert,
            t: (key, vars) => tRef.current(key, vars),
          });
        },
        () => {
          if (!stopped)
            retry = setTimeout(() => connect(attempt + 1), RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]);
        },
      );
    };
    connect(0);
    return () => {
      stopped = true;
      clearTimeout(retry);
      stop?.();
    };
  }, [spaceUuid, queryClient, display, ended]);
}
