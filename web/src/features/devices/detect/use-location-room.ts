import { type LocationDetailsUpdate, ServerMessage } from "@contracts/realtime";
import { useCallback, useEffect, useRef } from "react";
import type { z } from "zod";
import { openRoomSocket, type RoomSocket } from "@/lib/room-socket";

export type LocationEvent = z.infer<typeof LocationDetailsUpdate>;

/** How long Detect waits for the room's welcome before posting anyway (the 5 s timeout still guards). */
const JOIN_WAIT_MS = 2000;

function parse(data: unknown): ServerMessage | null {
  if (typeof data !== "string") return null;
  try {
    const parsed = ServerMessage.safeParse(JSON.parse(data));
    if (parsed.success) return parsed.data;
    console.warn("Location room: a message outside the protocol was ignored", parsed.error.issues);
  } catch {
    console.warn("Location room: a message that is not JSON was ignored");
  }
  return null;
}

/**
 * The location's room (/parties/location/{uuid}, the spec's location_{uuid}), joined on demand:
 * `join()` connects (a single-use ticket on every (re)connect) and resolves once the room has
 * welcomed us, so a scan's outcome cannot be missed. The room is left when the location changes
 * or the panel closes (unmount).
 */
export function useLocationRoom(space: string, location: string, onEvent: (event: LocationEvent) => void) {
  const socket = useRef<RoomSocket | null>(null);
  const joined = useRef<Promise<void> | null>(null);
  const handler = useRef(onEvent);
  handler.current = onEvent;

  useEffect(
    () => () => {
      socket.current?.close();
      socket.current = null;
      joined.current = null;
    },
    [],
  );

  const join = useCallback((): Promise<void> => {
    if (joined.current) return joined.current;
    const room = openRoomSocket(space, `location/${location}`);
    const ws = room.socket;
    socket.current = room;
    joined.current = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, JOIN_WAIT_MS);
      ws.addEventListener("message", (event: MessageEvent) => {
        const message = parse(event.data);
        if (message?.type === "welcome") {
          clearTimeout(timer);
          resolve();
        } else if (message?.type === "locationDetailsUpdate" && message.location_uuid === location) {
          handler.current(message);
        }
      });
    });
    return joined.current;
  }, [space, location]);

  return join;
}
