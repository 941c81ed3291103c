// One chunk for the signed-in frame and what every shell shares.
export { AccessPage } from "@/features/access/access-page";
export { AccountsPage } from "@/features/accounts/accounts-page";
export { InviteUserFlyout } from "@/features/accounts/invite-flyout";
export { AppLayout } from "../app-layout";
export { Flyout } from "../flyout";
export { NotFound } from "../not-found";
