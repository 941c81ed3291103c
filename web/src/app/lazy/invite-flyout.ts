// Inviting users (a flyout: Radix's dialog and the invite form), apart from the accounts list (issue 19).
export { InviteUserFlyout } from "@/features/accounts/invite-flyout";
