import type { CommandList, CommandQueueInput, CommandRecord } from "@contracts/commands/queue";
import { cancelCommand, listCommands, purgeCommands, queueCommand } from "@contracts/commands/routes";
import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/api/api";
import { upsertCommand } from "./command-cache";

type Device = { space_uuid: string; uuid: string };

/**
 * The device's commands (GET …/command/items/, newest first). Kept outside the device detail's
 * key on purpose: the device room's commandUpdate frames keep the list current, so the space's
 * real-time invalidations need not refetch it; a room reconnect (frames may have been missed)
 * does.
 */
export const commandQueries = {
  listKey: (space: string, uuid: string) => ["space", space, "device-commands", uuid] as const,
  list: (space: string, uuid: string) =>
    queryOptions({
      queryKey: commandQueries.listKey(space, uuid),
      queryFn: ({ signal }) => callApi(listCommands, { params: { space, uuid }, signal }),
    }),
};

/** Puts a command's new record into the device's cached list (nothing when the list is not cached). */
export function storeCommand(queryClient: QueryClient, space: string, uuid: string, record: CommandRecord) {
  const key = commandQueries.listKey(space, uuid);
  if (!queryClient.getQueryData(key)) return;
  queryClient.setQueryData<CommandList>(key, (list) => upsertCommand(list, record));
}

/**
 * Queue a command for the device (online or not); the reply's record goes into the list at once.
 * The caller gives each request its request_id, so sending the same request again (a lost reply)
 * answers the command already queued instead of queueing a second one.
 */
export function useQueueCommand(device: Device) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CommandQueueInput & { request_id: string }) =>
      callApi(queueCommand, { params: { space: device.space_uuid, uuid: device.uuid }, json: input }),
    onSuccess: (record) => storeCommand(queryClient, device.space_uuid, device.uuid, record),
  });
}

/** Cancel one queued command (409 when it was delivered meanwhile). */
export function useCancelCommand(device: Device) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(cancelCommand, { params: { space: device.space_uuid, uuid: device.uuid, id } }),
    onSuccess: (record) => storeCommand(queryClient, device.space_uuid, device.uuid, record),
    // A 409 means the row is out of date (delivered meanwhile): read the list again.
    onError: () => queryClient.invalidateQueries({ queryKey: commandQueries.listKey(device.space_uuid, device.uuid) }),
  });
}

/** Cancel every queued command of the device; the list is read again (the reply is only a count). */
export function usePurgeCommands(device: Device) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(purgeCommands, { params: { space: device.space_uuid, uuid: device.uuid } }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: commandQueries.listKey(device.space_uuid, device.uuid) }),
  });
}
