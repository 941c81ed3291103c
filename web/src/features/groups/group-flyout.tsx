import { lazy, Suspense } from "react";
import { useParams } from "react-router";
import { FlyoutLoading, FlyoutPlaceholder, FlyoutSheet } from "@/app/flyout";
import { withChunkTimeout } from "@/lib/api/chunk-load";
import { GroupInfoPanel } from "./group-info-panel";

// The add and edit forms load when one opens: a group link's first load is the view.
const AddGroupPanel = lazy(
  withChunkTimeout(() => import("./add-group-panel").then((m) => ({ default: m.AddGroupPanel }))),
);
const EditGroupPanel = lazy(
  withChunkTimeout(() => import("./edit-group-panel").then((m) => ({ default: m.EditGroupPanel }))),
);

/** The flyout of /groups/addGroup and /groups/group/{view|edit}/{space}/{uuid}/{tab}. */
export function GroupFlyout() {
  const { action, group_type: kind, uuid } = useParams();
  return (
    <FlyoutSheet>
      <Suspense fallback={<FlyoutLoading />}>
        {action === "addGroup" && !kind ? (
          <AddGroupPanel />
        ) : kind === "group" && uuid && action === "view" ? (
          <GroupInfoPanel uuid={uuid} />
        ) : kind === "group" && uuid && action === "edit" ? (
          <EditGroupPanel uuid={uuid} />
        ) : (
          <FlyoutPlaceholder />
        )}
      </Suspense>
    </FlyoutSheet>
  );
}
