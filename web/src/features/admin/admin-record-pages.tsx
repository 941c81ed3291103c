import { useParams } from "react-router";
import { applicationKind, runnerKind } from "./kinds";
import { RecordPage } from "./record-page";

/** /applications/{appId}: one application in the JSON editor. */
export function ApplicationDetailPage() {
  const { appId = "" } = useParams();
  return <RecordPage key={appId} kind={applicationKind} recordKey={appId} />;
}

/** /applications/add: a new application. */
export function ApplicationAddPage() {
  return <RecordPage kind={applicationKind} recordKey={null} />;
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
