import { AdminListPage } from "./admin-list-page";
import { applicationKind, runnerKind } from "./kinds";

/** /applications: the applications list (console.md §2.12). */
export function ApplicationsPage() {
  return <AdminListPage kind={applicationKind} />;
}

/** /runners: the runners list. */
export function RunnersPage() {
  return <AdminListPage kind={runnerKind} />;
}
