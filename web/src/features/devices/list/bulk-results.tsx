import "@/lib/i18n/locales/en-bulk";
import { countOutcomes } from "@contracts/bulk/schema";
import { LoaderCircleIcon, RotateCcwIcon } from "lucide-react";
import { DialogShell } from "@/components/form-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import type { BulkRow, BulkRun } from "./use-bulk-run";

const VARIANT = {
  pending: "outline",
  succeeded: "online",
  failed: "destructive",
  offline: "offline",
  queued: "default",
} as const;

type BulkResultsProps = {
  run: BulkRun | null;
  onClose: () => void;
  /** Runs the action again on these devices (the failed and offline ones). */
  onRetry: (uuids: string[]) => void;
};

/** Per-device progress and results of a bulk action: succeeded, failed with its reason, offline, queued. */
export function BulkResults({ run, onClose, onRetry }: BulkResultsProps) {
  const t = useT();
  const rows = run?.rows ?? [];
  const done = rows.filter((r) => r.outcome !== "pending") as (BulkRow & {
    outcome: Exclude<BulkRow["outcome"], "pending">;
  })[];
  const counts = countOutcomes(done);
  const retry = done.filter((r) => (r.outcome === "failed" && r.code !== "not_found") || r.outcome === "offline");
  const title = run ? t("bulk.results.title", { action: t(`bulk.action.${run.action}`) }) : "";
  return (
    <DialogShell
      open={run !== null}
      onClose={onClose}
      className="max-w-xl"
      title={title}
      description={
        <span aria-live="polite">
          {run?.running && rows.length > 0
            ? `${t("bulk.results.progress", { done: done.length, total: rows.length })} · `
            : ""}
          {t("bulk.results.summary", counts)}
        </span>
      }
      footer={
        <>
          {retry.length > 0 && !run?.running && (
            <Button variant="outline" onClick={() => onRetry(retry.map((r) => r.device_uuid))}>
              <RotateCcwIcon aria-hidden="true" />
              {t("bulk.retryFailed", { count: retry.length })}
            </Button>
          )}
          <Button onClick={onClose}>{t("common.close")}</Button>
        </>
      }
    >
      {run?.error && (
        <p role="alert" className="text-sm text-destructive">
          {t("bulk.failed", { reason: run.error })}
        </p>
      )}
      {run?.running && rows.length === 0 && (
        <LoaderCircleIcon
          className="mx-auto size-5 animate-spin text-muted-foreground"
          aria-label={t("common.loading")}
        />
      )}
      {rows.length > 0 && (
        <ul aria-label={title} className="-mx-2 max-h-[55vh] divide-y overflow-y-auto rounded-md border">
          {rows.map((row) => (
            <li
              key={row.device_uuid}
              data-outcome={row.outcome}
              className="flex items-start justify-between gap-3 px-3 py-2 text-sm"
            >
              <div className="min-w-0">
                <p className="truncate font-medium">{row.device_name ?? row.device_uuid}</p>
                {row.message && row.outcome !== "succeeded" && (
                  <p className="text-xs break-words text-muted-foreground">{row.message}</p>
                )}
              </div>
              <Badge variant={VARIANT[row.outcome]} className="mt-0.5">
                {row.outcome === "pending" && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
                {t(`bulk.outcome.${row.outcome}`)}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </DialogShell>
  );
}
