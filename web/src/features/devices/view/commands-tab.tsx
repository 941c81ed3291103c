import "@/lib/i18n/locales/en-commands";
import type { CommandRecord } from "@contracts/commands/queue";
import type { DeviceDetail } from "@contracts/devices/detail";
import { useQuery } from "@tanstack/react-query";
import { ListChecksIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { ListLoadFailed, NoItems, SKELETONS } from "@/components/list-states";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Tooltip } from "@/components/ui/tooltip";
import { RelativeTimeText } from "@/features/monitor/relative-time-text";
import { useCurrentSpace } from "@/features/session/current-space";
import { usePermissions } from "@/features/space/use-permissions";
import { ApiError } from "@/lib/api/api";
import { type TFunction, useI18n } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/datetime";
import { showAlert } from "@/lib/ui/alerts";
import { cn } from "@/lib/ui/utils";
import { queuedCount } from "../commands/command-cache";
import { isCancellable, isDryRun } from "../commands/command-state";
import { CommandStateBadge } from "../commands/command-state-badge";
import { commandOutcome, issuedBy } from "../commands/command-summary";
import { commandQueries, useCancelCommand, usePurgeCommands } from "../commands/queries";
import { commandLabel } from "../logic/audit-label";

type Asking = { kind: "cancel"; command: CommandRecord } | { kind: "purge"; count: number };

/**
 * The Commands tab: the device's commands, newest first, with their states as the room
 * reports them live. Content Managers and Admins cancel a queued command or all of them; Viewers
 * only read. In a narrow flyout the times, issuer and result fold under the action.
 */
export function CommandsTab({ device }: { device: DeviceDetail }) {
  const { t } = useI18n();
  const { canWrite } = usePermissions();
  const list = useQuery(commandQueries.list(device.space_uuid, device.uuid));
  const cancel = useCancelCommand(device);
  const purge = usePurgeCommands(device);
  const [asking, setAsking] = useState<Asking | null>(null);

  if (list.isPending) return <CommandsSkeleton />;
  if (list.isError)
    return <ListLoadFailed title={t("device.commands.loadFailed")} error={list.error} onRetry={() => list.refetch()} />;
  const commands = list.data.commands;
  if (!commands.length)
    return (
      <NoItems
        filtered={false}
        icon={ListChecksIcon}
        empty={{ title: t("device.commands.empty.title"), text: t("device.commands.empty.text") }}
        noMatch={{ title: "", text: "" }}
      />
    );
  const queued = queuedCount(list.data);

  const confirm = () => {
    if (!asking) return;
    if (asking.kind === "cancel") {
      cancel.mutate(asking.command.id, {
        onSuccess: () => showAlert({ type: "success", message: t("device.commands.cancelled") }),
        onError: (error) => {
          console.error("Cancelling a command failed", error);
          // A 409 (delivered meanwhile) says why in the server's words.
          const message = error instanceof ApiError && error.status === 409 ? error.body?.message : null;
          showAlert({ type: "error", message: message || t("device.commands.cancelFailed") });
        },
      });
    } else {
      purge.mutate(undefined, {
        onSuccess: (reply) =>
          showAlert({
            type: "success",
            message:
              reply.cancelled === 1
                ? t("device.commands.purgedOne")
                : t("device.commands.purged", { count: reply.cancelled }),
          }),
        onError: (error) => {
          console.error("Purging the queue failed", error);
          showAlert({ type: "error", message: t("device.commands.purgeFailed") });
        },
      });
    }
    setAsking(null);
  };

  return (
    <div className="@container flex flex-col gap-3">
      <div className="flex min-h-8 flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground" data-testid="commands-count">
          {commands.length === 1
            ? t("device.commands.countOne")
            : t("device.commands.count", { count: commands.length })}
        </p>
        {canWrite && queued > 0 && (
          <Button
            variant="outline"
            size="sm"
            className="text-destructive hover:text-destructive"
            disabled={purge.isPending}
            onClick={() => setAsking({ kind: "purge", count: queued })}
          >
            <XIcon aria-hidden="true" />
            {t("device.commands.purge")} ({queued})
          </Button>
        )}
      </div>
      <div className="rounded-lg border bg-card">
        <Table aria-label={t("device.commands.table")}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="pl-3">{t("device.commands.col.action")}</TableHead>
              <TableHead>{t("device.commands.col.state")}</TableHead>
              <TableHead className="hidden @2xl:table-cell">{t("device.commands.col.created")}</TableHead>
              <TableHead className="hidden @2xl:table-cell">{t("device.commands.col.updated")}</TableHead>
              <TableHead className="hidden @2xl:table-cell">{t("device.commands.col.by")}</TableHead>
              <TableHead className="hidden @2xl:table-cell">{t("device.commands.col.outcome")}</TableHead>
              {canWrite && (
                <TableHead className="w-10 pr-3">
                  <span className="sr-only">{t("device.commands.col.actions")}</span>
                </TableHead>
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {commands.map((command) => (
              <CommandRow
                key={command.id}
                command={command}
                canWrite={canWrite}
                onCancel={() => setAsking({ kind: "cancel", command })}
              />
            ))}
          </TableBody>
        </Table>
      </div>
      {asking && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setAsking(null)}
          {...confirmTexts(asking, device.name, t)}
          cancelLabel={t("device.commands.keep")}
          onConfirm={confirm}
        />
      )}
    </div>
  );
}

/** Title, text and button of the cancel and cancel-all confirmations (the count in the singular for one). */
function confirmTexts(asking: Asking, name: string, t: TFunction) {
  if (asking.kind === "cancel") {
    return {
      title: t("device.commands.cancelConfirm.title"),
      description: t("device.commands.cancelConfirm.text", { action: commandLabel(asking.command.action, t), name }),
      confirmLabel: t("device.commands.cancelConfirm.action"),
    };
  }
  const one = asking.count === 1;
  return {
    title: t("device.commands.purgeConfirm.title"),
    description: one
      ? t("device.commands.purgeConfirm.textOne", { name })
      : t("device.commands.purgeConfirm.text", { count: asking.count, name }),
    confirmLabel: one
      ? t("device.commands.purgeConfirm.actionOne")
      : t("device.commands.purgeConfirm.action", { count: asking.count }),
  };
}

type RowProps = { command: CommandRecord; canWrite: boolean; onCancel: () => void };

/** One command; below @2xl the created time, issuer and result are a second line under the action. */
function CommandRow({ command, canWrite, onCancel }: RowProps) {
  const { t, lang } = useI18n();
  const { user } = useCurrentSpace();
  const label = commandLabel(command.action, t);
  const by = issuedBy(command.user_uuid, user.uuid, t, command.issued_by);
  const outcome = commandOutcome(command, t);
  const outcomeText = outcome && (
    <span
      title={outcome.full}
      className={cn("break-words", outcome.tone === "error" ? "text-destructive" : "text-muted-foreground")}
    >
      {outcome.text}
    </span>
  );
  return (
    <TableRow data-testid="command-row" data-command-id={command.id} data-state={command.state} className="align-top">
      <TableCell className="py-2 pl-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <span className="font-medium">{label}</span>
          {command.state === "queued" && command.expires_at && (
            <span className="text-xs text-muted-foreground">
              {t("device.commands.expiresAt", { time: formatDateTime(command.expires_at, lang) })}
            </span>
          )}
          {/* Narrow flyout: when, who and the result under the action. */}
          <span className="flex flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground @2xl:hidden">
            <RelativeTimeText iso={command.created_at} />
            <span aria-hidden="true">·</span>
            <span>{by}</span>
          </span>
          {outcomeText && <span className="text-xs @2xl:hidden">{outcomeText}</span>}
        </div>
      </TableCell>
      <TableCell className="py-2">
        <CommandStateBadge state={command.state} late={command.late} dryRun={isDryRun(command)} />
      </TableCell>
      <TableCell className="hidden py-2 @2xl:table-cell">
        <RelativeTimeText iso={command.created_at} className="text-[13px]" />
      </TableCell>
      <TableCell className="hidden py-2 @2xl:table-cell">
        <RelativeTimeText iso={command.updated_at} className="text-[13px]" />
      </TableCell>
      <TableCell className="hidden py-2 whitespace-nowrap @2xl:table-cell">{by}</TableCell>
      <TableCell className="hidden max-w-72 py-2 @2xl:table-cell">{outcomeText ?? "—"}</TableCell>
      {canWrite && (
        <TableCell className="py-2 pr-3 text-right">
          {isCancellable(command.state) && (
            <Tooltip label={t("device.commands.cancel")} side="left">
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`${t("device.commands.cancel")}: ${label}`}
                onClick={onCancel}
              >
                <XIcon aria-hidden="true" />
              </Button>
            </Tooltip>
          )}
        </TableCell>
      )}
    </TableRow>
  );
}

/** The table's shape while the list loads. */
function CommandsSkeleton() {
  const { t } = useI18n();
  return (
    <div role="status" aria-label={t("common.loading")} className="flex flex-col gap-2">
      <Skeleton className="h-4 w-40" />
      {SKELETONS.slice(0, 6).map((key) => (
        <Skeleton key={key} className="h-11 w-full" />
      ))}
    </div>
  );
}
