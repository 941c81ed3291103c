import type { Location, LocationList } from "@contracts/locations/schema";
import type { LocationStatusData, ServerMessage } from "@contracts/realtime/events";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { accountQueries } from "@/features/accounts/queries";
import { groupQueries } from "@/features/groups/queries";
import { onIncidentUpdate } from "@/features/incidents/realtime";
import { locationQueries } from "@/features/locations/queries";
import {
  ALERT_GATHER_MS,
  coalesce,
  onDeviceUpdate,
  PRESENCE_REFETCH_MS,
} from "../../features/devices/live/realtime-devices";
import type { MessageKey, TFunction } from "../i18n";
import type { Alert } from "../ui/alerts";
import { catchUpAfterJoin } from "./catch-up";
import { watchSocket } from "./connection";
import { openRoomSocket } from "./room-socket";

export type RealtimeDeps = {
  queryClient: QueryClient;
  alert: (alert: Alert) => void;
  t: TFunction;
};

type LocationUpdate = Extract<ServerMessage, { type: "locationDetailsUpdate" }>;

type LocationStatusEvent = "locationOnline" | "locationPartiallyOnline" | "locationOffline";
const locationAlerts: Record<LocationStatusEvent, { type: Alert["type"]; one: MessageKey; many: MessageKey }> = {
  locationOnline: { type: "info", one: "realtime.locationOnline", many: "realtime.locationsOnline" },
  locationPartiallyOnline: {
    type: "warning",
    one: "realtime.locationPartiallyOnline",
    many: "realtime.locationsPartiallyOnline",
  },
  locationOffline: { type: "warning", one: "realtime.locationOffline", many: "realtime.locationsOffline" },
};

/** Puts a location's new status and counts into cached list pages and its detail at once. */
function patchLocation(queryClient: QueryClient, space: string, uuid: string, data: LocationStatusData) {
  const { online_status, total_online_number, total_connected_number } = data;
  const patch = { online_status, total_online_number, total_connected_number };
  const apply = (location: Location): Location => (location.uuid === uuid ? { ...location, ...patch } : location);
  queryClient.setQueriesData<InfiniteData<LocationList>>(
    { queryKey: [...locationQueries.all(space), "list"] },
    (old) =>
      old?.pages
        ? { ...old, pages: old.pages.map((page) => ({ ...page, locations: page.locations.map(apply) })) }
        : old,
  );
  queryClient.setQueryData<Location>(locationQueries.detail(space, uuid).queryKey, (old) => old && apply(old));
}

/** Per space: each location's latest status change while a burst is gathered. */
const gathered = new Map<string, Map<string, { event: LocationStatusEvent; name: string }>>();

/**
 * A location's status change raises an alert (console.md §4), gathered like device presence: a
 * burst (a fleet coming up, a region losing power) keeps each location's latest status and
 * becomes one alert per status. Lists refetch at most every PRESENCE_REFETCH_MS for status alone.
 */
function onLocationStatus(message: Extract<LocationUpdate, { event: LocationStatusEvent }>, deps: RealtimeDeps) {
  const { queryClient, alert, t } = deps;
  const space = message.space_uuid;
  patchLocation(queryClient, space, message.location_uuid, message.data);
  const bucket = gathered.get(space) ?? new Map();
  gathered.set(space, bucket);
  bucket.set(message.location_uuid, {
    event: message.event,
    name: message.location_name ?? t("realtime.unnamedLocation"),
  });
  coalesce(`location-alert:${space}`, ALERT_GATHER_MS, () => {
    gathered.delete(space);
    for (const event of Object.keys(locationAlerts) as LocationStatusEvent[]) {
      const names = [...bucket.values()].filter((x) => x.event === event).map((x) => x.name);
      const shown = locationAlerts[event];
      if (names.length === 1) alert({ type: shown.type, message: t(shown.one, { location_name: names[0] }) });
      if (names.length > 1) alert({ type: shown.type, message: t(shown.many, { count: names.length }) });
    }
  });
  coalesce(`location-refetch:${space}`, PRESENCE_REFETCH_MS, () => {
    void queryClient.invalidateQueries({ queryKey: locationQueries.all(space) });
    void queryClient.invalidateQueries({ queryKey: groupQueries.all(space) });
  });
}

function onLocationUpdate(message: LocationUpdate, deps: RealtimeDeps) {
  if (
    message.event === "locationOnline" ||
    message.event === "locationPartiallyOnline" ||
    message.event === "locationOffline"
  )
    return onLocationStatus(message, deps);
  void deps.queryClient.invalidateQueries({ queryKey: locationQueries.all(message.space_uuid) });
  void deps.queryClient.invalidateQueries({ queryKey: groupQueries.all(message.space_uuid) });
}

/** The one place where a room message turns into cache updates and alerts. */
export function applyServerMessage(message: ServerMessage, deps: RealtimeDeps) {
  switch (message.type) {
    case "deviceDetailsUpdate":
      return onDeviceUpdate(message, deps);
    case "locationDetailsUpdate":
      return onLocationUpdate(message, deps);
    case "incidentUpdate":
      return onIncidentUpdate(message, deps);
    case "accountOnline":
    case "accountOffline":
      void deps.queryClient.invalidateQueries({ queryKey: accountQueries.all(message.space_uuid) });
      return;
    case "error":
      console.warn("Realtime room error:", message.message);
      return;
    case "welcome":
    case "pong":
    case "authenticated":
      return;
  }
}

/**
 * Joins the space's room (a single-use ticket per connect, the token refreshed on the socket). Each
 * (re)join refetches what may have missed an event while the socket was not there (catch-up.ts). A
 * changed membership (4403) refetches everything, so a new role shows at once.
 */
export function connectSpaceRoom(spaceUuid: string, deps: RealtimeDeps): () => void {
  const { socket, close } = openRoomSocket(spaceUuid, `space/${spaceUuid}`, {
    onMessage: (message) => {
      // Every (re)join: what was fetched before the room's last event may have missed it.
      if (message.type === "welcome") catchUpAfterJoin(deps.queryClient, spaceUuid, message);
      applyServerMessage(message, deps);
    },
    onRevoked: () => void deps.queryClient.invalidateQueries(),
  });
  // The space room's socket is the console's pulse: a lasting close asks whether the server is gone.
  watchSocket(socket);
  return close;
}
