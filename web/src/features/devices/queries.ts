import {
  getDevice,
  getDeviceAvailability,
  listDeviceAudit,
  listDevices,
  listDeviceTypes,
} from "@contracts/api/devices";
import { CommentList } from "@contracts/comment";
import type { DeviceListQuery } from "@contracts/device";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { apiFetch, callApi } from "@/lib/api";

/** The list query without paging (the cursor comes from the infinite query). */
export type DeviceFilters = Omit<Partial<DeviceListQuery>, "page" | "page_size" | "cursor">;
/** console.md §9: 36 devices a page. */
export const DEVICE_LIST_PAGE_SIZE = 36;

/** The keyset cursor of a reply's `links.next`, or undefined at the end. */
export function nextCursorOf(next: string | null): string | undefined {
  if (!next) return undefined;
  return new URL(next, "http://localhost").searchParams.get("cursor") ?? undefined;
}

const base = (space: string, uuid: string) => `/space/${space}/device/${uuid}`;

/** A display or peripheral of a device: comments live under its own path (devices.md §7). */
export type CommentPart = { kind: "display" | "peripherals"; uuid: string };
/** /space/{space}/device/{id}[/display/{display}|/peripherals/{peripheral}] */
export const commentBase = (space: string, uuid: string, part?: CommentPart) =>
  part ? `${base(space, uuid)}/${part.kind}/${part.uuid}` : base(space, uuid);

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
    }),
  detailKey: (space: string, uuid: string) => [...deviceQueries.all(space), "detail", uuid] as const,
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
      queryFn: ({ signal }) =>
        apiFetch(`${commentBase(space, uuid, part)}/comment/items/`, { schema: CommentList, signal }),
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

export const deviceReferenceQueries = {
  types: (space: string) =>
    queryOptions({
      queryKey: ["space", space, "device-types"] as const,
      queryFn: ({ signal }) => callApi(listDeviceTypes, { params: { space }, signal }),
      select: (reply) => reply.device_types,
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
