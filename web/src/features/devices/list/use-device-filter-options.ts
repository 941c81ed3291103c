import "@/lib/i18n/locales/en-devices";
import { CONNECTED_STATUSES, VISION_STATES } from "@contracts/devices/values";
import { useQuery } from "@tanstack/react-query";
import type { ComboOption } from "@/components/ui/option-list";
import { tagQueries } from "@/features/locations/queries";
import { useLocationOptions } from "@/features/locations/use-location-options";
import { useCurrentSpace } from "@/features/session/current-space";
import { useT } from "@/lib/i18n";
import { connectedLabel } from "../device-status";
import { deviceReferenceQueries } from "../queries";

/**
 * The choices of the device filters, each led by an "All …" choice. Loaded once `enabled`: the
 * device list passes it after its first page, which must not queue behind them (D1 answers one
 * query at a time, and the location options with their device totals cost ~10× a device page).
 */
export function useDeviceFilterOptions({
  enabled,
  selectedLocations = [],
}: {
  enabled: boolean;
  /** The location filter's values, whose names are shown even when a search does not return them. */
  selectedLocations?: readonly string[];
}) {
  const t = useT();
  const { space } = useCurrentSpace();
  const { options: locationOptions, ...locationSearch } = useLocationOptions(space.space_uuid, {
    enabled,
    selected: selectedLocations,
  });
  const types = useQuery({ ...deviceReferenceQueries.types(space.space_uuid), enabled });
  const tags = useQuery({ ...tagQueries.list(space.space_uuid), enabled });
  const all = (label: string): ComboOption => ({ value: "", label });
  return {
    locations: [all(t("devices.filter.allLocations")), ...locationOptions],
    /** The locations are searched on the server as the user types (a space may have thousands). */
    locationSearch,
    types: [all(t("devices.filter.allTypes")), ...(types.data ?? []).map((x) => ({ value: x.uuid, label: x.name }))],
    statuses: [
      all(t("devices.filter.allStatuses")),
      ...CONNECTED_STATUSES.map((status) => ({ value: status, label: t(connectedLabel[status]) })),
    ],
    online: [
      all(t("devices.filter.anyOnline")),
      { value: "true", label: t("devices.filter.onlineOnly") },
      { value: "false", label: t("devices.filter.offlineOnly") },
    ],
    enabled: [
      all(t("devices.filter.anyEnabled")),
      { value: "true", label: t("devices.filter.enabledOnly") },
      { value: "false", label: t("devices.filter.disabledOnly") },
    ],
    vision: [
      all(t("devices.filter.anyVision")),
      ...VISION_STATES.map((state) => ({ value: state, label: t(`device.settings.visionState.${state}`) })),
    ],
    tags: [
      all(t("devices.filter.allTags")),
      ...(tags.data ?? []).map((x) => ({ value: x.uuid, label: x.name, hint: String(x.total_number) })),
    ],
  };
}
