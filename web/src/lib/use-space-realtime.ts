import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { showAlert } from "./alerts";
import { useT } from "./i18n";
import { connectSpaceRoom } from "./realtime";

/** Keeps the current space's room connected while the signed-in shell is mounted. */
export function useSpaceRealtime(spaceUuid: string | undefined) {
  const queryClient = useQueryClient();
  const t = useT();
  // A language change must not reconnect the socket: read the latest `t` through a ref.
  const tRef = useRef(t);
  useEffect(() => {
    tRef.current = t;
  }, [t]);

  useEffect(() => {
    if (!spaceUuid) return;
    return connectSpaceRoom(spaceUuid, {
      queryClient,
      alert: showAlert,
      t: (key, vars) => tRef.current(key, vars),
    });
  }, [spaceUuid, queryClient]);
}
