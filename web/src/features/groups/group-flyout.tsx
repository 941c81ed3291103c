import { useParams } from "react-router";
import { FlyoutPlaceholder, FlyoutSheet } from "@/app/flyout";
import { AddGroupPanel } from "./add-group-panel";
import { EditGroupPanel } from "./edit-group-panel";
import { GroupInfoPanel } from "./group-info-panel";

/** The flyout of /groups/addGroup and /groups/group/{view|edit}/{space}/{uuid}/{tab}. */
export function GroupFlyout() {
  const { action, group_type: kind, uuid } = useParams();
  return (
    <FlyoutSheet>
      {action === "addGroup" && !kind ? (
        <AddGroupPanel />
      ) : kind === "group" && uuid && action === "view" ? (
        <GroupInfoPanel uuid={uuid} />
      ) : kind === "group" && uuid && action === "edit" ? (
        <EditGroupPanel uuid={uuid} />
      ) : (
        <FlyoutPlaceholder />
      )}
    </FlyoutSheet>
  );
}
