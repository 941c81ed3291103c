import { useQuery } from "@tanstack/react-query";
import { useFlyoutClose } from "@/app/flyout";
import { SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { useCurrentSpace } from "@/features/session/current-space";
import { spaceQueries } from "@/features/space/queries";
import { usePermissions } from "@/features/space/use-permissions";
import { ApiError } from "@/lib/api";
import { toFormFailure } from "@/lib/form-failure";
import { useT } from "@/lib/i18n";
import { LOCATION_FORM_FIELDS, locationToValues, toEditInput } from "../form/form-values";
import { LocationForm } from "../form/location-form";
import { customFieldRules } from "../form/location-rules";
import { FormSkeleton, PanelMessage } from "../panel-states";
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

  const header = (
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
  );
  if (location.isPending || detail.isPending)
    return (
      <>
        {header}
        <FormSkeleton />
      </>
    );
  if (location.isError) {
    const missing = location.error instanceof ApiError && location.error.status === 404;
    return (
      <>
        {header}
        <PanelMessage kind={missing ? "missing" : "error"} text={missing ? undefined : location.error.message} />
      </>
    );
  }
  if (detail.isError)
    return (
      <>
        {header}
        <PanelMessage kind="error" text={detail.error.message} />
      </>
    );
  if (!canWrite)
    return (
      <>
        {header}
        <PanelMessage kind="denied" />
      </>
    );

  const customFields = customFieldRules(detail.data);
  return (
    <>
      {header}
      <LocationForm
        key={location.data.uuid}
        mode="edit"
        defaultValues={locationToValues(location.data)}
        customFields={customFields}
        typeName={location.data.location_type_name}
        spaceTimezone={detail.data.timezone}
        submitLabel={t("common.save")}
        onCancel={close}
        onSubmit={async (values) => {
          try {
            await update.mutateAsync(toEditInput(values, customFields, detail.data.timezone));
            close();
            return null;
          } catch (error) {
            return toFormFailure(error, LOCATION_FORM_FIELDS, t);
          }
        }}
      />
    </>
  );
}
