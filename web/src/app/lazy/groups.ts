export { GroupFlyout } from "@/features/groups/group-flyout";
export { GroupsPage } from "@/features/groups/groups-page";
