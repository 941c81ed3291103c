import "@/lib/i18n/locales/en-admin";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeftIcon, FileQuestionIcon } from "lucide-react";
import { Link } from "react-router";
import { ListLoadFailed } from "@/components/list-states";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useT } from "@/lib/i18n";
import { HistoryPanel } from "./history-panel";
import type { AdminKind } from "./kinds";
import { EditorSkeleton } from "./lazy-editor";
import { adminQueries } from "./queries";
import { RecordEditor } from "./record-editor";

function BackLink({ kind }: { kind: AdminKind }) {
  const t = useT();
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2 w-fit">
      <Link to={kind.base}>
        <ArrowLeftIcon aria-hidden="true" />
        {t(kind.text.list)}
      </Link>
    </Button>
  );
}

function RecordSkeleton() {
  const t = useT();
  return (
    <div role="status" aria-label={t("common.loading")} className="flex flex-col gap-3">
      <Skeleton className="h-7 w-64" />
      <Skeleton className="h-4 w-80" />
      <div className="h-[min(65vh,640px)] overflow-hidden rounded-lg border">
        <EditorSkeleton />
      </div>
    </div>
  );
}

/**
 * /applications/{appId}, /runners/{runnerId} and their /add (console.md §2.12): the record as a
 * JSON document in the editor, and (saved records) its change history beside it.
 */
export function RecordPage({ kind, recordKey }: { kind: AdminKind; recordKey: string | null }) {
  const t = useT();
  const record = useQuery({ ...adminQueries.detail(kind, recordKey ?? ""), enabled: recordKey !== null });
  const notFound = record.error && "status" in record.error && record.error.status === 404;

  return (
    <div className="flex flex-col gap-4 px-4 py-4 sm:px-6">
      <BackLink kind={kind} />
      {recordKey === null ? (
        <RecordEditor kind={kind} record={null} />
      ) : record.isPending ? (
        <RecordSkeleton />
      ) : notFound ? (
        <EmptyState
          icon={FileQuestionIcon}
          title={t(kind.text.notFound)}
          description={t("admin.notFound.text")}
          className="rounded-lg border border-dashed"
        />
      ) : record.isError ? (
        <ListLoadFailed title={t("admin.loadFailed")} error={record.error} onRetry={() => void record.refetch()} />
      ) : (
        <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_340px]">
          <RecordEditor key={recordKey} kind={kind} record={record.data} />
          <div className="xl:max-h-[calc(min(65vh,640px)+7rem)] xl:pt-[4.75rem]">
            <HistoryPanel kind={kind} recordKey={recordKey} />
          </div>
        </div>
      )}
    </div>
  );
}
