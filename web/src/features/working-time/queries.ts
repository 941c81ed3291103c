import {
  getGlobalWorkingTime,
  getLocationWorkingTime,
  saveGlobalWorkingTime,
  saveLocationWorkingTime,
} from "@contracts/locations/routes";
import type { WorkingTimeInput } from "@contracts/locations/working-time";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { deviceQueries } from "@/features/devices/queries";
import { locationQueries } from "@/features/locations/queries";
import { useCurrentSpace } from "@/features/session/current-space";
import { spaceQueries } from "@/features/space/queries";
import { callApi } from "@/lib/api/api";

/** The space's schedule, and a location's (under the location's key: real-time events refresh it). */
export const workingTimeQueries = {
  global: (space: string) =>
    queryOptions({
      queryKey: [...spaceQueries.all(space), "working-time"] as const,
      queryFn: ({ signal }) => callApi(getGlobalWorkingTime, { params: { space }, signal }),
    }),
  location: (space: string, uuid: string) =>
    queryOptions({
      queryKey: [...locationQueries.all(space), "detail", uuid, "working-time"] as const,
      queryFn: ({ signal }) => callApi(getLocationWorkingTime, { params: { space, loc: uuid }, signal }),
    }),
};

/** PATCH the global (location null) or a location's schedule; the caller shows the outcome. */
export function useSaveWorkingTime(location: string | null) {
  const { space } = useCurrentSpace();
  const queryClient = useQueryClient();
  const key = location
    ? workingTimeQueries.location(space.space_uuid, location).queryKey
    : workingTimeQueries.global(space.space_uuid).queryKey;
  return useMutation({
    mutationFn: (input: WorkingTimeInput) =>
      location
        ? callApi(saveLocationWorkingTime, { params: { space: space.space_uuid, loc: location }, json: input })
        : callApi(saveGlobalWorkingTime, { params: { space: space.space_uuid }, json: input }),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      // The location's global_working_time_enabled flag (and the space's) follow the save.
      void queryClient.invalidateQueries({ queryKey: locationQueries.all(space.space_uuid) });
      void queryClient.invalidateQueries({ queryKey: spaceQueries.detail(space.space_uuid).queryKey });
      // Listed devices carry expected_online (inside their location's hours now), which this changes.
      void queryClient.invalidateQueries({ queryKey: deviceQueries.all(space.space_uuid) });
    },
  });
}
