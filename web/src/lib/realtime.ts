import { roomPath, ServerMessage } from "@party/protocol";
import type { QueryClient } from "@tanstack/react-query";
import PartySocket from "partysocket";
import { accountQueries } from "@/features/accounts/queries";
import { groupQueries } from "@/features/groups/queries";
import { locationQueries } from "@/features/locations/queries";
import type { Alert } from "./alerts";
import type { MessageKey, TFunction } from "./i18n";
import { onDeviceUpdate } from "./realtime-devices";
import { freshAccessToken } from "./session";

export type RealtimeDeps = {
  queryClient: QueryClient;
  alert: (alert: Alert) => void;
  t: TFunction;
};

type LocationUpdate = Extract<ServerMessage, { type: "locationDetailsUpdate" }>;

const locationAlerts: Partial<Record<LocationUpdate["event"], { type: Alert["type"]; key: MessageKey }>> = {
  locationOnline: { type: "info", key: "realtime.locationOnline" },
  locationPartiallyOnline: { type: "warning", key: "realtime.locationPartiallyOnline" },
  locationOffline: { type: "warning", key: "realtime.locationOffline" },
};

function onLocationUpdate(message: LocationUpdate, { queryClient, alert, t }: RealtimeDeps) {
  const shown = locationAlerts[message.event];
  if (shown) {
    const name = message.location_name ?? t("realtime.unnamedLocation");
    alert({ type: shown.type, message: t(shown.key, { location_name: name }) });
  }
  void queryClient.invalidateQueries({ queryKey: locationQueries.all(message.space_uuid) });
  void queryClient.invalidateQueries({ queryKey: groupQueries.all(message.space_uuid) });
}

/** The one place where a room message turns into cache updates and alerts. */
export function applyServerMessage(message: ServerMessage, deps: RealtimeDeps) {
  switch (message.type) {
    case "deviceDetailsUpdate":
      return onDeviceUpdate(message, deps);
    case "locationDetailsUpdate":
      return onLocationUpdate(message, deps);
    case "accountOnline":
    case "accountOffline":
      void deps.queryClient.invalidateQueries({ queryKey: accountQueries.all(message.space_uuid) });
      return;
    case "error":
      console.warn("Realtime room error:", message.message);
      return;
    case "welcome":
    case "pong":
      return;
  }
}

/** Joins the space's room; reconnects use a fresh access token each time. */
export function connectSpaceRoom(spaceUuid: string, deps: RealtimeDeps): () => void {
  const socket = new PartySocket({
    host: window.location.host,
    protocol: window.location.protocol === "https:" ? "wss" : "ws",
    basePath: roomPath.space(spaceUuid).replace(/^\//, ""),
    query: async () => ({ token: await freshAccessToken().catch(() => null) }),
  });
  socket.addEventListener("message", (event: MessageEvent) => {
    if (typeof event.data !== "string") return;
    let json: unknown;
    try {
      json = JSON.parse(event.data);
    } catch {
      console.warn("Realtime: a message that is not JSON was ignored");
      return;
    }
    const parsed = ServerMessage.safeParse(json);
    if (parsed.success) applyServerMessage(parsed.data, deps);
    else console.warn("Realtime: a message outside the protocol was ignored", parsed.error.issues);
  });
  return () => socket.close();
}
