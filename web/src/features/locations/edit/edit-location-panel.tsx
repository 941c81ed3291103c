import "@/lib/i18n/locales/en-flyout";
import "@/lib/i18n/locales/en-assets";
import { useQuery } from "@tanstack/react-query";
import { useFlyoutClose } from "@/app/flyout";
import { SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { useCurrentSpace } from "@/features/session/current-space";
import { spaceQueries } from "@/features/space/queries";
import { usePermissions } from "@/features/space/use-permissions";
import { useT } from "@/lib/i18n";
import { locationToValues, toEditInput } from "../form/form-values";
import { LocationForm } from "../form/location-form";
import { FormSkeleton, PanelLoadFailed, PanelMessage } from "../panel-states";
import { locationQueries } from "../queries";
import { useUpdateLocation } from "../use-save-location";

/** /locations/location/edit/{uuid}/general: the edit form; Save stays off until something changed. */
export function EditLocationPanel({ uuid }: { uuid: string }) {
  const t = useT();
  const close = useFlyoutClose();
  const { space } = useCurrentSpace();
  const location = useQuery(locationQueries.detail(space.space_uuid, uuid));
  const detail = useQuery(spaceQueries.detail(space.space_uuid));
  const { canWrite } = usePermissions();
  const update = useUpdateLocation(uuid);

  return (
    <>
      <SheetHeader>
        <SheetTitle>
          {location.data ? t("location.edit.title", { name: location.data.name }) : t("flyout.action.edit")}
        </SheetTitle>
        <SheetDescription>
          {location.data ? (
            t("location.edit.typeNote", { type: location.data.location_type_name ?? "—" })
          ) : (
            <Skeleton className="h-4 w-32" />
          )}
        </SheetDescription>
      </SheetHeader>
      {location.isPending || detail.isPending ? (
        <FormSkeleton />
      ) : location.isError ? (
        <PanelLoadFailed error={location.error} />
      ) : detail.isError ? (
        <PanelMessage kind="error" text={detail.error.message} />
      ) : !canWrite ? (
        <PanelMessage kind="denied" />
      ) : (
        <LocationForm
          key={location.data.uuid}
          mode="edit"
          defaultValues={locationToValues(location.data)}
          space={detail.data}
          typeName={location.data.location_type_name}
          submitLabel={t("common.save")}
          onSave={(values, customFields) => update.mutateAsync(toEditInput(values, customFields, detail.data.timezone))}
          onClose={close}
        />
      )}
    </>
  );
}
