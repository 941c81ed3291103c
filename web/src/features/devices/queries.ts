import { deviceComments, displayComments, peripheralComments } from "@contracts/comments/routes";
import {
  getDevice,
  getDeviceAvailability,
  listDeviceAudit,
  listDevices,
  listDeviceTypes,
} from "@contracts/devices/routes";
import type { DeviceListQuery } from "@contracts/devices/schema";
import { getInstallationCode } from "@contracts/installation/routes";
import { infiniteQueryOptions, type QueryClient, queryOptions } from "@tanstack/react-query";
import { callApi } from "@/lib/api/api";
import { previousPagesIn } from "@/lib/api/paging";

/** The list query without paging (the cursor comes from the infinite query). */
export type DeviceFilters = Omit<Partial<DeviceListQuery>, "page" | "page_size" | "cursor">;
/** console.md §9: 36 devices a page. */
export const DEVICE_LIST_PAGE_SIZE = 36;

/** The keyset cursor of a reply's `links.next`, or undefined at the end. */
export function nextCursorOf(next: string | null): string | undefined {
  if (!next) return undefined;
  return new URL(next, "http://localhost").searchParams.get("cursor") ?? undefined;
}

/** A display or peripheral of a device: comments live under its own path (devices.md §7). */
export type CommentPart = { kind: "display" | "peripherals"; uuid: string };
/**
 * The comment routes of a device or of one of its parts (/space/{space}/device/{id}[/display/{display}|
 * /peripherals/{peripheral}]/comment/…) with their path parameters.
 */
export function commentRoutesOf(space: string, uuid: string, part?: CommentPart) {
  const device = { space, device: uuid };
  if (part?.kind === "display") return { routes: displayComments, params: { ...device, display: part.uuid } };
  if (part?.kind === "peripherals") return { routes: peripheralComments, params: { ...device, peripheral: part.uuid } };
  return { routes: deviceComments, params: device };
}

/**
 * Query keys and options of a space's devices. Real-time events invalidate `all(space)`, which
 * covers the list, each detail and its comments.
 */
export const deviceQueries = {
  all: (space: string) => ["space", space, "devices"] as const,
  /** GET /space/{space}/device/items/ following links.next (keyset cursor). */
  list: (space: string, filters: DeviceFilters) =>
    infiniteQueryOptions({
      queryKey: [...deviceQueries.all(space), "list", filters] as const,
      queryFn: ({ pageParam, signal }) =>
        callApi(listDevices, {
          params: { space },
          query: { ...filters, cursor: pageParam ?? undefined, page_size: DEVICE_LIST_PAGE_SIZE },
          signal,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => nextCursorOf(last.links.next) ?? null,
      placeholderData: previousPagesIn(space),
    }),
  detailKey: (space: string, uuid: string) => [...deviceQueries.all(space), "detail", uuid] as const,
  /**
   * The installation code this tab was last given for the device (a new runner's first one, or
   * a Reset): cached data, never fetched; the card shows it until `installationCode` answers.
   */
  issuedCodeKey: (space: string, uuid: string) => [...deviceQueries.detailKey(space, uuid), "issued-code"] as const,
  /** GET …/installation-code/ (Content Manager or Admin): the device's current code for its 24 h. */
  installationCode: (space: string, uuid: string) =>
    queryOptions({
      queryKey: [...deviceQueries.detailKey(space, uuid), "installation-code"] as const,
      queryFn: ({ signal }) => callApi(getInstallationCode, { params: { space, uuid }, signal }),
    }),
  detail: (space: string, uuid: string) =>
    queryOptions({
      queryKey: deviceQueries.detailKey(space, uuid),
      queryFn: ({ signal }) => callApi(getDevice, { params: { space, uuid }, signal }),
    }),
  /** Comments of the device, or of one of its displays or peripherals (`part`). */
  comments: (space: string, uuid: string, part?: CommentPart) =>
    queryOptions({
      queryKey: [
        ...deviceQueries.detailKey(space, uuid),
        "comments",
        part?.kind ?? "device",
        part?.uuid ?? "",
      ] as const,
      queryFn: ({ signal }) => {
        const { routes, params } = commentRoutesOf(space, uuid, part);
        return callApi(routes.list, { params, signal });
      },
      select: (reply) => reply.comments,
    }),
  audit: (space: string, uuid: string) =>
    queryOptions({
      queryKey: [...deviceQueries.detailKey(space, uuid), "audit"] as const,
      queryFn: ({ signal }) => callApi(listDeviceAudit, { params: { space, uuid }, query: { page_size: 100 }, signal }),
    }),
  availability: (space: string, uuid: string) =>
    queryOptions({
      queryKey: [...deviceQueries.detailKey(space, uuid), "availability"] as const,
      queryFn: ({ signal }) => callApi(getDeviceAvailability, { params: { space, uuid }, query: { days: 30 }, signal }),
    }),
};

/**
 * A device that is gone (deleted here or by a deviceDeleted push): the lists reload without it,
 * but its own queries (detail, comments, displays …, all under its detail key) are not asked
 * again — they would only answer 404 while its flyout closes. Opening it again later asks (and
 * shows Not found).
 */
export function forgetDevice(queryClient: QueryClient, space: string, uuid: string) {
  const detail = deviceQueries.detailKey(space, uuid);
  const underDetail = (key: readonly unknown[]) => detail.every((part, i) => key[i] === part);
  void queryClient.cancelQueries({ queryKey: detail });
  void queryClient.invalidateQueries({
    queryKey: deviceQueries.all(space),
    predicate: (query) => !underDetail(query.queryKey),
  });
}

export const deviceReferenceQueries = {
  types: (space: string) =>
    queryOptions({
      queryKey: ["space", space, "device-types"] as const,
      queryFn: ({ signal }) => callApi(listDeviceTypes, { params: { space }, signal }),
      select: (reply) => reply.device_types,
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
