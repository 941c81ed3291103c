import "@/lib/i18n/locales/en-flyout";
import "@/lib/i18n/locales/en-assets";
import { useQuery } from "@tanstack/react-query";
import { useFlyoutClose } from "@/app/flyout";
import { SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { FormSkeleton, PanelMessage } from "@/features/locations/panel-states";
import { useCurrentSpace } from "@/features/session/current-space";
import { usePermissions } from "@/features/space/use-permissions";
import { ApiError } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { GroupForm } from "./group-form";
import { groupQueries } from "./queries";
import { useUpdateGroup } from "./use-save-group";

/** /groups/group/edit/{space}/{uuid}/general: Save stays off while the form is invalid or unchanged. */
export function EditGroupPanel({ uuid }: { uuid: string }) {
  const t = useT();
  const close = useFlyoutClose();
  const { space } = useCurrentSpace();
  const { canWrite } = usePermissions();
  const group = useQuery(groupQueries.detail(space.space_uuid, uuid));
  const update = useUpdateGroup(uuid);
  const data = group.data;

  return (
    <>
      <SheetHeader>
        <SheetTitle>{data ? t("group.edit.title", { name: data.name }) : t("flyout.action.edit")}</SheetTitle>
        <SheetDescription className="font-mono text-xs">
          {data ? data.uuid : <Skeleton className="h-4 w-64" />}
        </SheetDescription>
      </SheetHeader>
      {group.isPending ? (
        <FormSkeleton />
      ) : group.isError ? (
        <PanelMessage
          kind={group.error instanceof ApiError && group.error.status === 404 ? "missing" : "error"}
          text={group.error.message}
        />
      ) : !canWrite ? (
        <PanelMessage kind="denied" />
      ) : (
        <GroupForm
          key={group.data.uuid}
          mode="edit"
          defaultValues={{
            name: group.data.name,
            active: group.data.active,
            location_uuids: group.data.locations.map((l) => l.uuid),
          }}
          submitLabel={t("common.save")}
          onSave={update.mutateAsync}
          onClose={close}
        />
      )}
    </>
  );
}
