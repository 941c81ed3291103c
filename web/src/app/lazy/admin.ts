export {
  ApplicationAddPage,
  ApplicationDetailPage,
  ApplicationsPage,
  RunnerAddPage,
  RunnerDetailPage,
  RunnersPage,
} from "@/features/admin/admin-pages";
export { AdminShell } from "../shells/admin-shell";
