import "@/lib/i18n/locales/en-flyout";
import "@/lib/i18n/locales/en-assets";
import { useFlyoutClose } from "@/app/flyout";
import { SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { PanelMessage } from "@/features/locations/panel-states";
import { useCurrentSpace } from "@/features/session/current-space";
import { usePermissions } from "@/features/space/use-permissions";
import { useT } from "@/lib/i18n";
import { GroupForm } from "./group-form";
import { useAddGroup } from "./use-save-group";

/** /groups/addGroup: Cancel goes back, Add saves then goes back. */
export function AddGroupPanel() {
  const t = useT();
  const close = useFlyoutClose();
  const { space } = useCurrentSpace();
  const { canWrite } = usePermissions();
  const add = useAddGroup();
  return (
    <>
      <SheetHeader>
        <SheetTitle>{t("flyout.action.addGroup")}</SheetTitle>
        <SheetDescription>{space.space_name}</SheetDescription>
      </SheetHeader>
      {canWrite ? (
        <GroupForm
          mode="add"
          defaultValues={{ name: "", location_uuids: [], active: true }}
          submitLabel={t("group.add.submit")}
          onSave={add.mutateAsync}
          onClose={close}
        />
      ) : (
        <PanelMessage kind="denied" />
      )}
    </>
  );
}
