// Inviting users (a flyout: Radix's dialog and the invite form), apart from the accounts list.
export { InviteUserFlyout } from "@/features/accounts/invite-flyout";
