import {
  getDetectionState,
  listDetectedDevices,
  startDetection as startDetectionRoute,
} from "@contracts/detection/routes";
import { queryOptions } from "@tanstack/react-query";
import { callApi } from "@/lib/api/api";

/** Query keys and options of a location's Detect Devices state and results. */
export const detectionQueries = {
  all: (space: string, location: string) => ["space", space, "detection", location] as const,
  /** GET …/devices-detection/: the latest scan (Last Scan, total detections). */
  state: (space: string, location: string) =>
    queryOptions({
      queryKey: [...detectionQueries.all(space, location), "state"] as const,
      queryFn: ({ signal }) => callApi(getDetectionState, { params: { space, loc: location }, signal }),
      select: (reply) => reply.scan,
    }),
  itemsKey: (space: string, location: string) => [...detectionQueries.all(space, location), "items"] as const,
  /** GET …/devices-detection/items/?page&page_size: the latest scan's machines. */
  items: (space: string, location: string, page: number, pageSize: number) =>
    queryOptions({
      queryKey: [...detectionQueries.itemsKey(space, location), { page, pageSize }] as const,
      queryFn: ({ signal }) =>
        callApi(listDetectedDevices, {
          params: { space, loc: location },
          query: { page, page_size: pageSize },
          signal,
        }),
    }),
};

/** POST …/devices-detection/: 202 with the new scan (503 when no runner there is online). */
export const startDetection = (space: string, location: string) =>
  callApi(startDetectionRoute, { params: { space, loc: location } });
