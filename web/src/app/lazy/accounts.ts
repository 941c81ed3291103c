export { AccountsPage } from "@/features/accounts/accounts-page";
export { InviteUserFlyout } from "@/features/accounts/invite-flyout";
