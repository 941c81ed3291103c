import type { LocationDetailsUpdate } from "@contracts/realtime/events";
import { useCallback, useEffect, useRef } from "react";
import type { z } from "zod";
import { openRoomSocket, type RoomSocket } from "@/lib/realtime/room-socket";

export type LocationEvent = z.infer<typeof LocationDetailsUpdate>;

/** How long Detect waits for the room's welcome before posting anyway (the 5 s timeout still guards). */
const JOIN_WAIT_MS = 2000;

/**
 * The location's room (/parties/location/{uuid}, the spec's location_{uuid}), joined as soon as
 * the panel shows the location (devices.md §4: opening detection subscribes to the location's
 * live channel), so another operator's scan shows here too. The returned `join()` resolves once
 * the room has welcomed us (a single-use ticket on every (re)connect), so Detect can wait for it
 * and a scan's outcome cannot be missed. The room is left when the location changes or the
 * panel closes (unmount).
 */
export function useLocationRoom(space: string, location: string, onEvent: (event: LocationEvent) => void) {
  const socket = useRef<RoomSocket | null>(null);
  const joined = useRef<Promise<void> | null>(null);
  const handler = useRef(onEvent);
  handler.current = onEvent;

  const join = useCallback((): Promise<void> => {
    if (joined.current) return joined.current;
    joined.current = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, JOIN_WAIT_MS);
      socket.current = openRoomSocket(space, `location/${location}`, {
        onMessage: (message) => {
          if (message.type === "welcome") {
            clearTimeout(timer);
            resolve();
          } else if (message.type === "locationDetailsUpdate" && message.location_uuid === location) {
            handler.current(message);
          }
        },
      });
    });
    return joined.current;
  }, [space, location]);

  useEffect(() => {
    void join();
    return () => {
      socket.current?.close();
      socket.current = null;
      joined.current = null;
    };
  }, [join]);

  return join;
}
