import type { DeviceDetail } from "@contracts/devices/detail";
import type { Device, DeviceList } from "@contracts/devices/schema";
import type { ServerMessage } from "@contracts/realtime/events";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { deviceQueries, forgetDevice } from "@/features/devices/queries";
import { groupQueries } from "@/features/groups/queries";
import { locationQueries } from "@/features/locations/queries";
import type { TFunction } from "@/lib/i18n";
import { ALERT_DURATION_MS, type Alert } from "@/lib/ui/alerts";

type DeviceUpdate = Extract<ServerMessage, { type: "deviceDetailsUpdate" }>;
type Deps = { queryClient: QueryClient; alert: (alert: Alert) => void; t: TFunction };

type PresencePatch = Pick<Device, "online" | "online_since" | "last_seen">;

/** Presence bursts (a site losing power) become one alert after this quiet time. */
export const ALERT_GATHER_MS = 1000;
/** Lists and totals refetch at most this often for presence alone (patched in place meanwhile). */
export const PRESENCE_REFETCH_MS = 10_000;

const later = new Map<string, ReturnType<typeof setTimeout>>();
/** Runs `fn` once after `ms`, however often it is asked for meanwhile under the same key. */
export function coalesce(key: string, ms: number, fn: () => void) {
  if (later.has(key)) return;
  later.set(
    key,
    setTimeout(() => {
      later.delete(key);
      fn();
    }, ms),
  );
}

const windows = new Map<string, { trailing: boolean }>();
/**
 * Runs `fn` soon after the first ask (after `gatherMs`, so a burst is one run) and then at most
 * once per `windowMs`: asks inside the window make one more run at its end. A single device going
 * offline shows within a second; a flapping fleet costs one refetch per window.
 */
export function throttle(key: string, gatherMs: number, windowMs: number, fn: () => void) {
  const open = windows.get(key);
  if (open) {
    open.trailing = true;
    return;
  }
  const run = () => {
    fn();
    const window = { trailing: false };
    windows.set(key, window);
    setTimeout(() => {
      windows.delete(key);
      if (window.trailing) throttle(key, 0, windowMs, fn);
    }, windowMs);
  };
  windows.set(key, { trailing: false });
  setTimeout(() => {
    windows.delete(key);
    run();
  }, gatherMs);
}

/** Online/offline changes of a space counted while its one presence toast shows. */
export type PresenceCount = { online: string[]; offline: string[]; shownAt: number };

/**
 * The one presence toast of a space: online/offline chatter collapses into a counter that is
 * updated in place (the same uuid) while it shows, so actionable toasts (Connect, Copy, View)
 * are never pushed out by it. A single change keeps its own wording.
 */
export function presenceAlert(space: string, count: Pick<PresenceCount, "online" | "offline">, t: TFunction): Alert {
  const [online] = count.online;
  const [offline] = count.offline;
  const type = count.offline.length ? "warning" : "info";
  const uuid = `presence:${space}`;
  if (count.online.length === 1 && !count.offline.length && online)
    return { type, uuid, message: t("realtime.deviceOnline", { device_name: online }) };
  if (count.offline.length === 1 && !count.online.length && offline)
    return { type, uuid, message: t("realtime.deviceOffline", { device_name: offline }) };
  if (!count.offline.length)
    return { type, uuid, message: t("realtime.devicesOnline", { count: count.online.length }) };
  if (!count.online.length)
    return { type, uuid, message: t("realtime.devicesOffline", { count: count.offline.length }) };
  return {
    type,
    uuid,
    message: t("realtime.presenceSummary", { online: count.online.length, offline: count.offline.length }),
  };
}

/** Adds a burst to the space's counter; a counter whose toast has closed (ALERT_DURATION_MS) starts again. */
export function countPresence(
  previous: PresenceCount | undefined,
  burst: { online: string[]; offline: string[] },
  now: number,
) {
  // A clock that went back (a resumed laptop) starts again too.
  const fresh = !previous || now - previous.shownAt > ALERT_DURATION_MS || now < previous.shownAt;
  const base = fresh ? { online: [], offline: [] } : previous;
  return { online: [...base.online, ...burst.online], offline: [...base.offline, ...burst.offline], shownAt: now };
}

const gathered = new Map<string, { online: string[]; offline: string[] }>();
const counted = new Map<string, PresenceCount>();
function gatherAlert(message: DeviceUpdate, { alert, t }: Deps) {
  const key = message.space_uuid;
  const bucket = gathered.get(key) ?? { online: [], offline: [] };
  gathered.set(key, bucket);
  const name = message.device_name ?? t("realtime.unnamedDevice");
  (message.event === "deviceOnline" ? bucket.online : bucket.offline).push(name);
  coalesce(`alert:${key}`, ALERT_GATHER_MS, () => {
    gathered.delete(key);
    const count = countPresence(counted.get(key), bucket, Date.now());
    counted.set(key, count);
    alert(presenceAlert(key, count, t));
  });
}

/** Puts the new presence into every cached list page and the detail, without a refetch. */
function patchPresence(queryClient: QueryClient, space: string, uuid: string, patch: PresencePatch) {
  const apply = <T extends Device | DeviceDetail>(device: T): T =>
    device.uuid === uuid ? { ...device, ...patch } : device;
  queryClient.setQueriesData<InfiniteData<DeviceList>>({ queryKey: [...deviceQueries.all(space), "list"] }, (data) =>
    data?.pages ? { ...data, pages: data.pages.map((page) => ({ ...page, devices: page.devices.map(apply) })) } : data,
  );
  queryClient.setQueryData<DeviceDetail>(deviceQueries.detailKey(space, uuid), (detail) => detail && apply(detail));
}

const refetchTotals = (queryClient: QueryClient, space: string) => {
  void queryClient.invalidateQueries({ queryKey: locationQueries.all(space) });
  // Groups list their locations' device counts and online state too.
  void queryClient.invalidateQueries({ queryKey: groupQueries.all(space) });
};

/**
 * A device push on the SpaceRoom. Presence is patched into the caches at once; the lists (the
 * device list, Activity, Performance) refetch a second after the first change and then at most
 * every 10 s, so a device going offline moves between Activity's lists at once while a wall
 * screen over a flapping fleet stays calm; other changes refetch at once.
 */
export function onDeviceUpdate(message: DeviceUpdate, deps: Deps) {
  const { queryClient, alert, t } = deps;
  const space = message.space_uuid;
  if (message.event === "deviceOnline" || message.event === "deviceOffline") {
    gatherAlert(message, deps);
    const { online, online_since, last_seen } = message.data;
    patchPresence(queryClient, space, message.device_uuid, { online, online_since, last_seen });
    throttle(`refetch:${space}`, ALERT_GATHER_MS, PRESENCE_REFETCH_MS, () => {
      void queryClient.invalidateQueries({ queryKey: deviceQueries.all(space) });
      refetchTotals(queryClient, space);
    });
    return;
  }
  if (message.event === "deviceInstalled") {
    const name = message.device_name ?? t("realtime.unnamedDevice");
    alert({ type: "info", message: t("realtime.deviceInstalled", { device_name: name }) });
  }
  // Lists and the device's detail share the prefix; locations carry device totals. A deleted
  // device's own queries are left alone (they would only answer 404).
  if (message.event === "deviceDeleted") forgetDevice(queryClient, space, message.device_uuid);
  else void queryClient.invalidateQueries({ queryKey: deviceQueries.all(space) });
  if (message.event !== "deviceUpdated") refetchTotals(queryClient, space);
}
