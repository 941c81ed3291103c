import "@/lib/i18n/locales/en-flyout";
import "@/lib/i18n/locales/en-assets";
import { useQuery } from "@tanstack/react-query";
import { useFlyoutClose } from "@/app/flyout";
import { SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { useCurrentSpace } from "@/features/session/current-space";
import { spaceQueries } from "@/features/space/queries";
import { usePermissions } from "@/features/space/use-permissions";
import { useT } from "@/lib/i18n";
import { emptyLocationValues, toAddInput } from "../form/form-values";
import { LocationForm } from "../form/location-form";
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

  return (
    <>
      <SheetHeader>
        <SheetTitle>{t("flyout.action.addLocation")}</SheetTitle>
        <SheetDescription>{space.space_name}</SheetDescription>
      </SheetHeader>
      {detail.isPending ? (
        <FormSkeleton />
      ) : detail.isError ? (
        <PanelMessage kind="error" text={detail.error.message} />
      ) : !canWrite ? (
        <PanelMessage kind="denied" />
      ) : (
        <LocationForm
          mode="add"
          defaultValues={emptyLocationValues(detail.data.timezone)}
          space={detail.data}
          submitLabel={t("location.add.submit")}
          onSave={(values, customFields) => add.mutateAsync(toAddInput(values, customFields))}
          onClose={close}
        />
      )}
    </>
  );
}
