// The Admin Panel's frame and its lists; a record's page and the spaces page are chunks of their own.
export { ApplicationsPage, RunnersPage } from "@/features/admin/admin-list-pages";
export { AdminShell } from "../shells/admin-shell";
