import { useQuery } from "@tanstack/react-query";
import { useFlyoutClose } from "@/app/flyout";
import { SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { useCurrentSpace } from "@/features/session/current-space";
import { spaceQueries } from "@/features/space/queries";
import { usePermissions } from "@/features/space/use-permissions";
import { toFormFailure } from "@/lib/form-failure";
import { useT } from "@/lib/i18n";
import { emptyLocationValues, LOCATION_FORM_FIELDS, toAddInput } from "../form/form-values";
import { LocationForm } from "../form/location-form";
import { customFieldRules } from "../form/location-rules";
import { FormSkeleton, PanelMessage } from "../panel-states";
import { useAddLocation } from "../use-save-location";

/** /locations/addLocation: the add form; success alerts and goes back to the list. */
export function AddLocationPanel() {
  const t = useT();
  const close = useFlyoutClose();
  const { space } = useCurrentSpace();
  const detail = useQuery(spaceQueries.detail(space.space_uuid));
  const { canWrite } = usePermissions();
  const add = useAddLocation();

  const header = (
    <SheetHeader>
      <SheetTitle>{t("flyout.action.addLocation")}</SheetTitle>
      <SheetDescription>{space.space_name}</SheetDescription>
    </SheetHeader>
  );
  if (detail.isPending)
    return (
      <>
        {header}
        <FormSkeleton />
      </>
    );
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
        mode="add"
        defaultValues={emptyLocationValues(detail.data.timezone)}
        customFields={customFields}
        spaceTimezone={detail.data.timezone}
        submitLabel={t("location.add.submit")}
        onCancel={close}
        onSubmit={async (values) => {
          try {
            await add.mutateAsync(toAddInput(values, customFields));
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
