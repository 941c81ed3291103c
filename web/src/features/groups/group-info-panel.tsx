import "@/lib/i18n/locales/en-flyout";
import "@/lib/i18n/locales/en-assets";
import type { LocationGroup } from "@contracts/location-groups/schema";
import { useQuery } from "@tanstack/react-query";
import { MapPinIcon, PencilIcon } from "lucide-react";
import { useLocation, useNavigate } from "react-router";
import { useFlyoutClose } from "@/app/flyout";
import { DeleteButton } from "@/components/delete-button";
import { FlyoutFailedHeader, FlyoutTabsHeader } from "@/components/flyout-states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SheetBody, SheetTitle } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { OnlineStatusBadge } from "@/features/locations/online-status";
import { PanelLoadFailed } from "@/features/locations/panel-states";
import { useCurrentSpace } from "@/features/session/current-space";
import { usePermissions } from "@/features/space/use-permissions";
import { useT } from "@/lib/i18n";
import { GroupFacts, GroupLocations } from "./group-locations";
import { groupEditPath, groupViewPath } from "./paths";
import { groupQueries } from "./queries";
import { useDeleteGroup } from "./use-save-group";

/** /groups/group/view/{space}/{uuid}/location: the group's locations and its facts; edit and delete. */
export function GroupInfoPanel({ uuid }: { uuid: string }) {
  const t = useT();
  const { space } = useCurrentSpace();
  const group = useQuery(groupQueries.detail(space.space_uuid, uuid));
  const data = group.data;
  if (group.isError) {
    return (
      <>
        <FlyoutFailedHeader title={t("flyout.action.view")} uuid={uuid} />
        <PanelLoadFailed error={group.error} notFoundText={t("group.notFound")} />
      </>
    );
  }
  return (
    <>
      <FlyoutTabsHeader
        tabs={[{ to: groupViewPath(space.space_uuid, uuid), label: t("group.info.tab"), icon: MapPinIcon }]}
        tabsLabel={t("group.info.tabs")}
        description={
          data ? t("groups.locationsNumber", { count: data.locations_number }) : <Skeleton className="h-4 w-24" />
        }
      >
        <div className="flex min-h-8 items-center gap-3">
          <SheetTitle className="truncate text-lg">{data ? data.name : <Skeleton className="h-5 w-48" />}</SheetTitle>
          {data && (
            <Badge variant={data.active ? "default" : "secondary"}>
              {data.active ? t("groups.active") : t("groups.inactive")}
            </Badge>
          )}
          {data && <OnlineStatusBadge status={data.online_status} />}
          {data && <GroupActions group={data} />}
        </div>
      </FlyoutTabsHeader>
      <SheetBody className="grid content-start gap-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
        {data ? <GroupLocations group={data} /> : <Skeleton className="h-40" />}
        {data ? <GroupFacts group={data} /> : <Skeleton className="h-40" />}
      </SheetBody>
    </>
  );
}

function GroupActions({ group }: { group: LocationGroup }) {
  const t = useT();
  const close = useFlyoutClose();
  const navigate = useNavigate();
  const here = useLocation();
  const { space } = useCurrentSpace();
  const { canWrite } = usePermissions();
  const remove = useDeleteGroup(group.uuid);
  if (!canWrite) return null;
  return (
    <div className="ml-auto flex gap-2">
      <Button
        variant="outline"
        size="sm"
        onClick={() => navigate(groupEditPath(space.space_uuid, group.uuid), { state: { from: here.pathname } })}
      >
        <PencilIcon aria-hidden="true" />
        {t("common.edit")}
      </Button>
      <DeleteButton
        title={t("group.delete.title")}
        description={t("group.delete.text", { name: group.name })}
        pending={remove.isPending}
        onDelete={(done) =>
          remove.mutate(group.name, {
            onSuccess: () => {
              done();
              close();
            },
          })
        }
      />
    </div>
  );
}
