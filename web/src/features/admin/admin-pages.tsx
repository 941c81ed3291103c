import { useParams } from "react-router";
import { AdminListPage } from "./admin-list-page";
import { applicationKind, runnerKind } from "./kinds";
import { RecordPage } from "./record-page";

/** /applications: the applications list (console.md §2.12). */
export function ApplicationsPage() {
  return <AdminListPage kind={applicationKind} />;
}

/** /applications/{appId}: one application in the JSON editor. */
export function ApplicationDetailPage() {
  const { appId = "" } = useParams();
  return <RecordPage key={appId} kind={applicationKind} recordKey={appId} />;
}

/** /applications/add: a new application. */
export function ApplicationAddPage() {
  return <RecordPage kind={applicationKind} recordKey={null} />;
}

/** /runners: the runners list. */
export function RunnersPage() {
  return <AdminListPage kind={runnerKind} />;
}

/** /runners/{runnerId}: one runner in the JSON editor (saved only by system developers). */
export function RunnerDetailPage() {
  const { runnerId = "" } = useParams();
  return <RecordPage key={runnerId} kind={runnerKind} recordKey={runnerId} />;
}

/** /runners/add: a new runner (system developers). */
export function RunnerAddPage() {
  return <RecordPage kind={runnerKind} recordKey={null} />;
}
