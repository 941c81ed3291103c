import "@/lib/i18n/locales/en-admin";
import type { ChangeRecord, FieldChange } from "@contracts/admin/schema";
import { useInfiniteQuery } from "@tanstack/react-query";
import { HistoryIcon } from "lucide-react";
import { RetryButton } from "@/components/list-states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { type MessageKey, useI18n } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/datetime";
import type { AdminKind } from "./kinds";
import { adminQueries } from "./queries";

const ACTION_LABEL: Record<ChangeRecord["action"], MessageKey> = {
  create: "admin.history.create",
  update: "admin.history.update",
  delete: "admin.history.delete",
};

/** A value of a change, short: JSON text cut at 80 characters; absent is "—". */
const shown = (value: unknown) => {
  if (value === undefined) return "—";
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
};

function Change({ change }: { change: FieldChange }) {
  return (
    <li className="grid gap-0.5 text-xs">
      <code className="font-mono break-all text-foreground">{change.path || "(document)"}</code>
      <span className="flex flex-wrap items-baseline gap-1 font-mono break-all">
        <del className="text-destructive decoration-destructive/60">{shown(change.before)}</del>
        <span aria-hidden="true" className="text-muted-foreground">
          →
        </span>
        <ins className="text-success no-underline">{shown(change.after)}</ins>
      </span>
    </li>
  );
}

function Entry({ entry }: { entry: ChangeRecord }) {
  const { t, lang } = useI18n();
  const who = entry.actor ? entry.actor.display_name || entry.actor.email : t("admin.history.unknownUser");
  return (
    <li className="grid gap-1.5 border-b py-3 last:border-b-0">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Badge variant={entry.action === "delete" ? "destructive" : "secondary"}>{t(ACTION_LABEL[entry.action])}</Badge>
        <span className="truncate text-sm font-medium" title={entry.actor?.email}>
          {who}
        </span>
      </div>
      <time dateTime={entry.created_at} className="text-xs text-muted-foreground tabular-nums">
        {formatDateTime(entry.created_at, lang)}
      </time>
      {entry.changes.length > 0 && (
        <ul className="grid gap-1.5" aria-label={t("admin.history.changes")}>
          {entry.changes.map((change) => (
            <Change key={change.path} change={change} />
          ))}
        </ul>
      )}
      {entry.truncated && <p className="text-xs text-muted-foreground">{t("admin.history.more")}</p>}
    </li>
  );
}

/** The record's changes from the audit log: who, when, what — newest first, 20 at a time. */
export function HistoryPanel({ kind, recordKey }: { kind: AdminKind; recordKey: string }) {
  const { t } = useI18n();
  const history = useInfiniteQuery(adminQueries.history(kind, recordKey));
  const entries = history.data?.pages.flatMap((page) => page.history) ?? [];
  return (
    <section aria-labelledby="admin-history" className="flex min-h-0 flex-col rounded-lg border bg-card">
      <h2 id="admin-history" className="flex items-center gap-2 border-b px-4 py-2.5 text-sm font-semibold">
        <HistoryIcon className="size-4 text-muted-foreground" aria-hidden="true" />
        {t("admin.history.title")}
      </h2>
      <div className="min-h-0 flex-1 overflow-y-auto px-4">
        {history.isPending ? (
          <div role="status" aria-label={t("common.loading")} className="grid gap-3 py-3">
            {["a", "b", "c"].map((key) => (
              <Skeleton key={key} className="h-12 w-full" />
            ))}
          </div>
        ) : history.isError ? (
          <div className="grid justify-items-start gap-2 py-3 text-sm text-muted-foreground">
            {t("admin.history.loadFailed")}
            <RetryButton size="sm" onRetry={() => void history.refetch()} />
          </div>
        ) : entries.length === 0 ? (
          <p className="py-3 text-sm text-muted-foreground">{t("admin.history.empty")}</p>
        ) : (
          <ol>
            {entries.map((entry) => (
              <Entry key={entry.uuid} entry={entry} />
            ))}
          </ol>
        )}
        {history.hasNextPage && (
          <Button
            variant="ghost"
            size="sm"
            className="mb-2 w-full"
            disabled={history.isFetchingNextPage}
            onClick={() => void history.fetchNextPage()}
          >
            {t("admin.history.loadMore")}
          </Button>
        )}
      </div>
    </section>
  );
}
