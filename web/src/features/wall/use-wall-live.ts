import type { ServerMessage } from "@contracts/realtime/events";
import { CloseCode } from "@contracts/realtime/values";
import { useEffect, useRef, useState } from "react";
import { openRoomSocket } from "@/lib/realtime/room-socket";

/**
 * The wall's link to its space room. partysocket reconnects by itself (a new ticket
 * each time); this adds what a screen watched from across the room needs: it notices a link that
 * went quiet (a network loss often closes nothing — the wall pings every PING_MS and counts the
 * link lost after SILENCE_MS without a frame, then reconnects), says since when it is stale
 * instead of freezing silently, and tells a revoked display link apart.
 */

export type WallLink = {
  state: "connecting" | "live" | "stale" | "revoked";
  /** While not live: when the wall last knew its data was current (ms). */
  staleSince: number | null;
};

export const PING_MS = 10_000;
export const SILENCE_MS = 25_000;

/** The close of a revoked display link: its own code, or a membership close that says so. */
export const isRevokedClose = (event: { code: number; reason: string }) =>
  event.code === CloseCode.credentialRevoked ||
  (event.code === CloseCode.membershipChanged && /revoked/i.test(event.reason));

type Handlers = {
  /** Every protocol frame, parsed. */
  onFrame: (message: ServerMessage) => void;
  /** The link is back after a loss: what happened meanwhile was missed, read everything again. */
  onReconnect: () => void;
};

export function useWallLink(space: string, handlers: Handlers): WallLink {
  const [link, setLink] = useState<WallLink>({ state: "connecting", staleSince: Date.now() });
  // The socket lives as long as the space; the latest handlers are read through a ref.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    let lastHeard = Date.now();
    let current: WallLink = { state: "connecting", staleSince: lastHeard };
    let wasLive = false;
    const set = (next: WallLink) => {
      if (current.state === "revoked") return;
      if (next.state === current.state && next.staleSince === current.staleSince) return;
      current = next;
      setLink(next);
    };
    const lost = (since: number) => {
      if (current.state === "live") set({ state: "stale", staleSince: since });
      else if (current.state === "connecting" && wasLive) set({ state: "stale", staleSince: current.staleSince });
    };

    const room = openRoomSocket(space, `space/${space}`, {
      onMessage: (message) => {
        lastHeard = Date.now();
        latest.current.onFrame(message);
      },
    });
    const { socket } = room;
    const onOpen = () => {
      lastHeard = Date.now();
      const back = wasLive;
      wasLive = true;
      set({ state: "live", staleSince: null });
      if (back) latest.current.onReconnect();
    };
    const onClose = (event: CloseEvent) => {
      if (isRevokedClose(event)) {
        set({ state: "revoked", staleSince: Date.now() });
        room.close();
        return;
      }
      lost(Date.now());
    };
    socket.addEventListener("open", onOpen);
    socket.addEventListener("close", onClose);

    // Quiet for too long (a dead network closes nothing): count the link lost and dial again.
    const timer = setInterval(() => {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "ping", at: Date.now() }));
      if (current.state === "live" && Date.now() - lastHeard > SILENCE_MS) {
        lost(lastHeard);
        socket.reconnect();
      }
    }, PING_MS);
    const offline = () => lost(Date.now());
    const online = () => {
      if (current.state !== "live" && current.state !== "revoked") socket.reconnect();
    };
    window.addEventListener("offline", offline);
    window.addEventListener("online", online);

    return () => {
      clearInterval(timer);
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
      socket.removeEventListener("open", onOpen);
      socket.removeEventListener("close", onClose);
      room.close();
    };
  }, [space]);

  return link;
}
