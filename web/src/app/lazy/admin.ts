export {
  ApplicationAddPage,
  ApplicationDetailPage,
  ApplicationsPage,
  RunnerAddPage,
  RunnerDetailPage,
  RunnersPage,
} from "@/features/admin/admin-pages";
export { SpacesPage } from "@/features/admin/spaces-page";
export { AdminShell } from "../shells/admin-shell";
