export { GroupsPage } from "@/features/groups/groups-page";
