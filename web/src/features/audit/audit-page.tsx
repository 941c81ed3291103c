import "@/lib/i18n/locales/en-audit";
import type { AuditVerifyResult } from "@contracts/audit/schema";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { DownloadIcon, ScrollTextIcon, ShieldAlertIcon, ShieldCheckIcon } from "lucide-react";
import { useCallback, useId, useMemo, useRef, useState } from "react";
import { ShellHeader } from "@/app/shells/shell-header";
import { ListStates, NoItems, RowSkeletons } from "@/components/list-states";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { useCurrentSpace } from "@/features/session/current-space";
import { usePermissions } from "@/features/space/use-permissions";
import { type TFunction, useI18n } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";
import { useLoadMoreOnScroll } from "@/lib/ui/use-scroll-end";
import { cn } from "@/lib/ui/utils";
import { auditColumns } from "./columns";
import { DeviceFilter } from "./device-filter";
import { EntrySheet } from "./entry-sheet";
import { type AuditFilterState, auditQueries, downloadAuditExport, NO_FILTERS, useVerifyAudit } from "./queries";
import { RetentionForm } from "./retention-form";

/**
 * /accounts/audit: the space's audit log for Admins — newest first in a virtualized table,
 * filtered by actor, action, target, device and time; an entry opens its before/after; the
 * filtered range exports as CSV or JSON Lines; Verify recomputes the hash chain.
 */
export function AuditPage() {
  const { t } = useI18n();
  const { space } = useCurrentSpace();
  const { isAdmin, settled } = usePermissions();
  return (
    <div className="flex h-full flex-col">
      <ShellHeader crumbs={[space.space_name, t("nav.accounts"), t("audit.title")]} />
      {!settled ? (
        <Skeleton className="m-6 h-40" />
      ) : !isAdmin ? (
        <div className="border-t">
          <EmptyState icon={ScrollTextIcon} title={t("audit.title")} description={t("audit.adminOnly")} />
        </div>
      ) : (
        <AuditLog space={space.space_uuid} />
      )}
    </div>
  );
}

function AuditLog({ space }: { space: string }) {
  const { t, lang } = useI18n();
  const [draft, setDraft] = useState<AuditFilterState>(NO_FILTERS);
  const filters = useDebouncedValue(draft, 350);
  const list = useInfiniteQuery(auditQueries.list(space, filters));
  const anchors = useQuery(auditQueries.anchors(space));
  const verify = useVerifyAudit(space);
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.entries) ?? [], [list.data]);
  const columns = useMemo(() => auditColumns(t, lang), [t, lang]);
  const [openSeq, setOpenSeq] = useState<string | null>(null);
  const opened = rows.find((row) => row.uuid === openSeq) ?? null;
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const [, setScroller] = useState<HTMLDivElement | null>(null);
  const attachScroller = useCallback((element: HTMLDivElement | null) => {
    scrollRef.current = element;
    setScroller(element);
  }, []);
  useLoadMoreOnScroll(scrollRef, list, rows.length);
  const filtered = Object.values(draft).some(Boolean);
  const set = (key: keyof AuditFilterState) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const exportAs = (format: "csv" | "jsonl") => {
    showAlert({ type: "info", message: t("audit.export.started") });
    downloadAuditExport(space, filters, format).catch(() =>
      showAlert({ type: "error", message: t("common.unexpectedError") }),
    );
  };
  const latest = anchors.data?.anchors[0];

  return (
    <div ref={attachScroller} className="min-h-0 flex-1 overflow-y-auto border-t">
      <div className="flex flex-col gap-3 px-4 pt-4 sm:px-6">
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" onClick={() => verify.mutate()} disabled={verify.isPending}>
            <ShieldCheckIcon aria-hidden="true" />
            {verify.isPending ? t("audit.verifying") : t("audit.verify")}
          </Button>
          <Button size="sm" variant="outline" onClick={() => exportAs("csv")}>
            <DownloadIcon aria-hidden="true" />
            {t("audit.export.csv")}
          </Button>
          <Button size="sm" variant="outline" onClick={() => exportAs("jsonl")}>
            <DownloadIcon aria-hidden="true" />
            {t("audit.export.jsonl")}
          </Button>
          <p className="min-w-0 text-xs text-muted-foreground sm:ml-auto" data-testid="audit-anchor">
            {latest
              ? t("audit.anchor.latest", { day: latest.day, seq: latest.seq, hash: `${latest.hash.slice(0, 16)}…` })
              : anchors.isSuccess && t("audit.anchor.none")}
          </p>
        </div>
        {verify.data && <VerifyResult result={verify.data} t={t} />}
        {verify.isError && (
          <p role="alert" className="text-sm text-destructive">
            {verify.error.message}
          </p>
        )}
        {anchors.data && <RetentionForm space={space} days={anchors.data.retention_days} />}
        {anchors.data?.pruned_through && (
          <p className="text-xs text-muted-foreground">
            {t("audit.anchor.pruned", { seq: anchors.data.pruned_through.seq, days: anchors.data.retention_days })}
          </p>
        )}
        <fieldset className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-end">
          <FilterInput label={t("audit.filter.actor")} value={draft.actor} onChange={set("actor")} />
          <FilterInput label={t("audit.filter.action")} value={draft.action} onChange={set("action")} />
          <FilterInput label={t("audit.filter.target")} value={draft.target} onChange={set("target")} />
          <div className="col-span-2 sm:col-span-1">
            <DeviceFilter space={space} value={draft.device} onChange={set("device")} />
          </div>
          <FilterInput label={t("audit.filter.from")} value={draft.from} onChange={set("from")} type="datetime-local" />
          <FilterInput label={t("audit.filter.to")} value={draft.to} onChange={set("to")} type="datetime-local" />
          {filtered && (
            <Button size="sm" variant="ghost" onClick={() => setDraft(NO_FILTERS)}>
              {t("audit.filter.clear")}
            </Button>
          )}
        </fieldset>
      </div>
      <div className="px-4 pt-2 pb-16 sm:px-6">
        <ListStates
          list={list}
          count={rows.length}
          skeleton={<RowSkeletons columns={columns.length} />}
          failedTitle={t("audit.loadFailed")}
          empty={
            <NoItems
              filtered={filtered}
              onReset={() => setDraft(NO_FILTERS)}
              clearLabel={t("audit.filter.clear")}
              icon={ScrollTextIcon}
              empty={{ title: t("audit.title"), text: t("audit.empty") }}
              noMatch={{ title: t("audit.title"), text: t("audit.empty") }}
            />
          }
        >
          <DataTable
            columns={columns}
            data={rows}
            getRowId={(row) => row.uuid}
            scrollRef={scrollRef}
            label={t("audit.title")}
            rowHeight={40}
            onRowClick={(row) => setOpenSeq(row.uuid)}
            footer={list.isFetchingNextPage && <RowSkeletons columns={columns.length} />}
          />
        </ListStates>
      </div>
      <EntrySheet entry={opened} onClose={() => setOpenSeq(null)} />
    </div>
  );
}

function FilterInput(props: { label: string; value: string; onChange: (v: string) => void; type?: string }) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1 text-xs text-muted-foreground">
      <label htmlFor={id}>{props.label}</label>
      <Input
        id={id}
        type={props.type ?? "search"}
        value={props.value}
        maxLength={40}
        onChange={(event) => props.onChange(event.target.value)}
        className={cn("h-8 text-sm", props.type ? "sm:w-48" : "sm:w-40")}
      />
    </div>
  );
}

function VerifyResult({ result, t }: { result: AuditVerifyResult; t: TFunction }) {
  const ok = result.ok;
  const Icon = ok ? ShieldCheckIcon : ShieldAlertIcon;
  const text = ok
    ? result.checked === 0
      ? t("audit.verify.okEmpty")
      : t("audit.verify.ok", {
          count: result.checked,
          first: result.first_seq ?? 0,
          last: result.last_seq ?? 0,
          anchors: result.anchors_checked,
        })
    : t("audit.verify.broken", { seq: result.first_broken_seq ?? 0, reason: result.reason ?? "" });
  return (
    <p
      role="status"
      data-testid="audit-verify-result"
      className={cn(
        "flex items-start gap-2 rounded-md border px-3 py-2 text-sm",
        ok ? "border-success/40 bg-success/8 text-success" : "border-destructive/40 bg-destructive/8 text-destructive",
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {text}
    </p>
  );
}
