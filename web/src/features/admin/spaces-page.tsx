import "@/lib/i18n/locales/en-admin";
import "@/lib/i18n/locales/en-regions";
import { listAdminSpaces, setSpaceRegion } from "@contracts/regions/routes";
import type { AdminSpace, SpaceRegion } from "@contracts/regions/schema";
import { SPACE_REGIONS } from "@contracts/regions/values";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Building2Icon, GlobeIcon, ShieldOffIcon } from "lucide-react";
import { ListStates } from "@/components/list-states";
import { EmptyState } from "@/components/ui/empty-state";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useCurrentSpace } from "@/features/session/current-space";
import { sessionQueries } from "@/features/session/queries";
import { ApiError, callApi } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { isSpaceRegion, regionLabel } from "@/lib/i18n/region";
import { showAlert } from "@/lib/ui/alerts";

/** Every space with its region (global: no space in the key). */
const spacesQuery = queryOptions({
  queryKey: ["admin", "spaces"] as const,
  queryFn: ({ signal }) => callApi(listAdminSpaces, { signal }),
});

function useSetRegion() {
  const t = useT();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ space, region }: { space: AdminSpace; region: SpaceRegion }) =>
      callApi(setSpaceRegion, { params: { id: space.space_uuid }, json: { space_datacenter: region } }),
    onSuccess: (space) => {
      queryClient.setQueryData(spacesQuery.queryKey, (old) =>
        old ? { spaces: old.spaces.map((s) => (s.space_uuid === space.space_uuid ? space : s)) } : old,
      );
      // The space switcher shows the region of the user's spaces.
      void queryClient.invalidateQueries({ queryKey: sessionQueries.all() });
      showAlert({
        type: "success",
        message: t("admin.spaces.saved", { name: space.space_name, region: regionLabel(t, space.space_datacenter) }),
      });
    },
    onError: (error) =>
      showAlert({ type: "error", message: error instanceof ApiError ? error.message : String(error) }),
  });
}

/** A space's region: the EU jurisdiction is fixed once the space has locations or devices. */
function RegionSelect({
  space,
  onChange,
  busy,
}: {
  space: AdminSpace;
  onChange: (r: SpaceRegion) => void;
  busy: boolean;
}) {
  const t = useT();
  const hasRooms = space.locations_count + space.devices_count > 0;
  const locked = hasRooms && space.space_datacenter === "eu";
  return (
    <NativeSelect
      className="w-full sm:w-64"
      aria-label={t("admin.spaces.regionOf", { name: space.space_name })}
      title={locked ? t("admin.spaces.euLocked") : undefined}
      value={space.space_datacenter}
      disabled={busy || locked}
      onChange={(event) => onChange(event.target.value as SpaceRegion)}
    >
      {!isSpaceRegion(space.space_datacenter) && (
        <option value={space.space_datacenter}>{space.space_datacenter}</option>
      )}
      {SPACE_REGIONS.map((region) => (
        <option key={region} value={region} disabled={region === "eu" && hasRooms}>
          {regionLabel(t, region)}
        </option>
      ))}
    </NativeSelect>
  );
}

function TableSkeleton() {
  const t = useT();
  return (
    <div role="status" aria-label={t("common.loading")} className="flex flex-col gap-2 pt-2">
      {["a", "b", "c", "d"].map((key) => (
        <Skeleton key={key} className="h-11 w-full" />
      ))}
    </div>
  );
}

/** /spaces in the Admin Panel (super admins): where each space's rooms are placed. */
export function SpacesPage() {
  const t = useT();
  const { user } = useCurrentSpace();
  const list = useQuery({ ...spacesQuery, enabled: user.super_admin });
  const setRegion = useSetRegion();
  const spaces = list.data?.spaces ?? [];

  if (!user.super_admin)
    return <EmptyState icon={ShieldOffIcon} title={t("admin.denied.title")} description={t("admin.spaces.denied")} />;
  return (
    <div className="px-4 pt-4 pb-16 sm:px-6">
      <div className="mb-4 flex max-w-3xl gap-3 text-sm text-muted-foreground">
        <GlobeIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <div className="space-y-1">
          <p>{t("admin.spaces.intro")}</p>
          <p>{t("admin.spaces.euNote")}</p>
        </div>
      </div>
      <ListStates
        list={list}
        count={spaces.length}
        skeleton={<TableSkeleton />}
        failedTitle={t("admin.spaces.loadFailed")}
        empty={
          <EmptyState icon={Building2Icon} title={t("admin.spaces.empty")} description={t("admin.spaces.emptyText")} />
        }
      >
        <Table aria-label={t("admin.spaces.list")}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>{t("admin.spaces.col.space")}</TableHead>
              <TableHead>{t("admin.spaces.col.region")}</TableHead>
              <TableHead className="hidden w-28 text-right sm:table-cell">{t("admin.spaces.col.locations")}</TableHead>
              <TableHead className="hidden w-28 text-right sm:table-cell">{t("admin.spaces.col.devices")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {spaces.map((space) => (
              <TableRow key={space.space_uuid}>
                <TableCell className="max-w-0">
                  <span className="block truncate font-medium">{space.space_name}</span>
                  <span className="block truncate text-xs text-muted-foreground">{space.space_type}</span>
                </TableCell>
                <TableCell className="w-3/5 py-1.5 sm:w-auto">
                  <RegionSelect
                    space={space}
                    busy={setRegion.isPending && setRegion.variables?.space.space_uuid === space.space_uuid}
                    onChange={(region) => setRegion.mutate({ space, region })}
                  />
                </TableCell>
                <TableCell className="hidden text-right tabular-nums sm:table-cell">{space.locations_count}</TableCell>
                <TableCell className="hidden text-right tabular-nums sm:table-cell">{space.devices_count}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListStates>
    </div>
  );
}
