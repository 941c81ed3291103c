export { AccountsPage } from "@/features/accounts/accounts-page";
