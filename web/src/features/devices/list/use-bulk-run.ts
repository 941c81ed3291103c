import { bulkDevices } from "@contracts/bulk/routes";
import type { DeviceBulkAction, DeviceBulkInput, DeviceBulkResult } from "@contracts/bulk/schema";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { useCurrentSpace } from "@/features/session/current-space";
import { ApiError, callApi } from "@/lib/api/api";
import { deviceQueries } from "../queries";

/** Devices per request: results come back chunk by chunk, so the panel shows progress as they land. */
export const BULK_CHUNK = 20;

export type BulkParams = NonNullable<DeviceBulkInput["params"]>;
export type BulkTarget =
  | { uuids: string[]; names: ReadonlyMap<string, string> }
  | { filter: DeviceBulkInput["filter"] };
export type BulkRow = {
  device_uuid: string;
  device_name?: string;
  outcome: DeviceBulkResult["outcome"] | "pending";
  code?: string;
  message?: string;
};
export type BulkRun = {
  action: DeviceBulkAction;
  params: BulkParams;
  rows: BulkRow[];
  /** Rows still waiting for their chunk's answer (a filter run: unknown until it answers). */
  running: boolean;
  /** The whole request failed (validation, rights, network): its message. */
  error?: string;
};

/** The message of a failed request: the first field error, else the server's message. */
function reasonOf(error: unknown) {
  if (error instanceof ApiError) {
    const first = Object.values(error.fieldErrors).flat()[0];
    if (typeof first === "string") return first;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs a bulk action (POST /space/{space}/devices/bulk/) chunk by chunk with one request id, so a
 * retried chunk acts once; each chunk's answer fills its rows. Then the device list reloads.
 */
export function useBulkRun() {
  const { space } = useCurrentSpace();
  const queryClient = useQueryClient();
  const [run, setRun] = useState<BulkRun | null>(null);
  const generation = useRef(0);

  const start = useCallback(
    async (action: DeviceBulkAction, params: BulkParams, target: BulkTarget) => {
      const mine = ++generation.current;
      const request_id = crypto.randomUUID();
      const set = (update: (current: BulkRun) => BulkRun) =>
        setRun((current) => (current && generation.current === mine ? update(current) : current));
      const call = (body: Pick<DeviceBulkInput, "device_uuids" | "filter">) =>
        callApi(bulkDevices, { params: { space: space.space_uuid }, json: { action, params, request_id, ...body } });
      const fill = (results: DeviceBulkResult[]) =>
        set((current) => {
          const byUuid = new Map(results.map((r) => [r.device_uuid, r]));
          const known = current.rows.map((row) => byUuid.get(row.device_uuid) ?? row);
          const added = results.filter((r) => !current.rows.some((row) => row.device_uuid === r.device_uuid));
          return { ...current, rows: [...known, ...added] };
        });
      try {
        if ("uuids" in target) {
          const rows = target.uuids.map((device_uuid) => ({
            device_uuid,
            device_name: target.names.get(device_uuid),
            outcome: "pending" as const,
          }));
          setRun({ action, params, rows, running: true });
          for (let i = 0; i < target.uuids.length; i += BULK_CHUNK) {
            const reply = await call({ device_uuids: target.uuids.slice(i, i + BULK_CHUNK) });
            fill(reply.results);
          }
        } else {
          setRun({ action, params, rows: [], running: true });
          fill((await call({ filter: target.filter })).results);
        }
        set((current) => ({ ...current, running: false }));
      } catch (error) {
        set((current) => ({ ...current, running: false, error: reasonOf(error) }));
      } finally {
        await queryClient.invalidateQueries({ queryKey: deviceQueries.all(space.space_uuid) });
      }
    },
    [space.space_uuid, queryClient],
  );

  return { run, start, close: useCallback(() => setRun(null), []) };
}
