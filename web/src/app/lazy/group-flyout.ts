// A location group's flyout (view, edit, add): its forms load when it opens, not with the list.
export { GroupFlyout } from "@/features/groups/group-flyout";
