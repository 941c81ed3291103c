import "@/lib/i18n/locales/en-alerting";
import type { Channel, ChannelCreated, ChannelTestResult } from "@contracts/alerting/schema";
import { useQuery } from "@tanstack/react-query";
import {
  ChevronDownIcon,
  LoaderCircleIcon,
  MailIcon,
  PencilIcon,
  SendIcon,
  Trash2Icon,
  WebhookIcon,
} from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useCurrentSpace } from "@/features/session/current-space";
import { usePermissions } from "@/features/space/use-permissions";
import { useI18n, useT } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/datetime";
import { showAlert } from "@/lib/ui/alerts";
import { ChannelDialog, type ChannelDialogTarget } from "./channel-dialog";
import { ChannelSecretDialog, TestResultDialog } from "./channel-dialogs";
import { alertingQueries, useChannelMutations } from "./queries";
import { SettingsPage, SettingsSection } from "./settings-section";

/**
 * /alert-channels: e-mail and webhook channels with what became of their notifications (delivered,
 * pending, dead-lettered, the last error); an Admin adds, edits, tests and deletes them.
 */
export function ChannelsPage() {
  const t = useT();
  const { space } = useCurrentSpace();
  const spaceUuid = space.space_uuid;
  const { isAdmin } = usePermissions();
  const channels = useQuery(alertingQueries.channels(spaceUuid));
  const { remove, test } = useChannelMutations(spaceUuid);
  const [target, setTarget] = useState<ChannelDialogTarget>(null);
  const [created, setCreated] = useState<ChannelCreated | null>(null);
  const [deleting, setDeleting] = useState<Channel | null>(null);
  const [tested, setTested] = useState<{ channel: Channel; result: ChannelTestResult } | null>(null);
  const [testing, setTesting] = useState<string | null>(null);

  const sendTest = (channel: Channel) => {
    setTesting(channel.uuid);
    test.mutate(channel.uuid, {
      onSuccess: (result) => setTested({ channel, result }),
      onError: (error) => showAlert({ type: "error", message: error.message }),
      onSettled: () => setTesting(null),
    });
  };

  return (
    <SettingsPage>
      <SettingsSection
        icon={SendIcon}
        title={t("alerting.channels")}
        text={t("channels.text")}
        addLabel={t("channels.add")}
        onAdd={() => setTarget("new")}
        readOnly={!isAdmin}
        failed={channels.isError}
      >
        {channels.isPending ? (
          <div className="grid gap-2 p-4" role="status" aria-label={t("common.loading")}>
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : !channels.data ? null : channels.data.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-muted-foreground">{t("channels.empty")}</p>
        ) : (
          <ul className="divide-y" aria-label={t("alerting.channels")}>
            {channels.data.map((channel) => (
              <ChannelItem
                key={channel.uuid}
                space={spaceUuid}
                channel={channel}
                admin={isAdmin}
                testing={testing === channel.uuid}
                onTest={() => sendTest(channel)}
                onEdit={() => setTarget(channel)}
                onDelete={() => setDeleting(channel)}
              />
            ))}
          </ul>
        )}
      </SettingsSection>
      <ChannelDialog space={spaceUuid} target={target} onClose={() => setTarget(null)} onCreated={setCreated} />
      <ChannelSecretDialog created={created} onDone={() => setCreated(null)} />
      <TestResultDialog
        channel={tested?.channel ?? null}
        result={tested?.result ?? null}
        onClose={() => setTested(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
        title={t("alerting.delete.title", { name: deleting?.name ?? "" })}
        description={t("alerting.delete.channel")}
        confirmLabel={t("common.delete")}
        cancelLabel={t("common.cancel")}
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.uuid, {
            onSuccess: () => showAlert({ type: "success", message: t("alerting.deleted", { name: deleting.name }) }),
            onError: (error) => showAlert({ type: "error", message: error.message }),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </SettingsPage>
  );
}

type ChannelItemProps = {
  space: string;
  channel: Channel;
  admin: boolean;
  testing: boolean;
  onTest: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

function ChannelItem({ space, channel, admin, testing, onTest, onEdit, onDelete }: ChannelItemProps) {
  const { t, lang } = useI18n();
  const [showDead, setShowDead] = useState(false);
  const Icon = channel.kind === "email" ? MailIcon : WebhookIcon;
  return (
    <li className="grid gap-2 px-4 py-3" data-testid="channel-row" data-uuid={channel.uuid}>
      <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm font-semibold">{channel.name}</span>
            <Badge variant="secondary">
              {t(channel.kind === "email" ? "channels.kind.email" : "channels.kind.webhook")}
            </Badge>
            {!channel.enabled && <Badge variant="outline">{t("channels.disabled")}</Badge>}
          </div>
          <p className="truncate font-mono text-xs text-muted-foreground" title={channel.target}>
            {channel.target}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-1 max-sm:w-full max-sm:pl-7">
          {admin && (
            <Button size="sm" variant="outline" onClick={onTest} disabled={testing} aria-busy={testing || undefined}>
              {testing ? (
                <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
              ) : (
                <SendIcon aria-hidden="true" />
              )}
              {testing ? t("channels.testing") : t("channels.test")}
            </Button>
          )}
          {admin && (
            <>
              <Button
                variant="ghost"
                size="icon-sm"
                onClick={onEdit}
                aria-label={`${t("common.edit")} ${channel.name}`}
              >
                <PencilIcon aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon-sm"
                onClick={onDelete}
                aria-label={`${t("common.delete")} ${channel.name}`}
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            </>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 pl-7 text-xs tabular-nums">
        <span className="text-muted-foreground">{t("channels.delivered", { count: channel.delivered_count })}</span>
        {channel.pending_count > 0 && <span>{t("channels.pending", { count: channel.pending_count })}</span>}
        {channel.dead_lettered_count > 0 && (
          <button
            type="button"
            className="inline-flex items-center gap-1 font-medium text-destructive hover:underline"
            onClick={() => setShowDead((v) => !v)}
            aria-expanded={showDead}
            data-testid="channel-dead"
          >
            {t("channels.dead", { count: channel.dead_lettered_count })}
            <ChevronDownIcon
              className={`size-3 transition-transform ${showDead ? "rotate-180" : ""}`}
              aria-hidden="true"
            />
          </button>
        )}
        <span className="text-muted-foreground">
          {channel.last_delivered_at
            ? t("channels.lastDelivered", { time: formatDateTime(channel.last_delivered_at, lang) })
            : t("channels.neverDelivered")}
        </span>
      </div>
      {channel.last_error && (
        <p
          className="ml-7 rounded-md border border-destructive/30 bg-destructive/8 px-2 py-1 text-xs break-words text-destructive"
          data-testid="channel-last-error"
        >
          {t("channels.lastError", {
            time: channel.last_error_at ? formatDateTime(channel.last_error_at, lang) : "—",
            error: channel.last_error,
          })}
        </p>
      )}
      {showDead && <DeadLetters space={space} channel={channel.uuid} />}
    </li>
  );
}

/** The channel's dead-lettered notifications: what, when, how often it was tried, the last error. */
function DeadLetters({ space, channel }: { space: string; channel: string }) {
  const { t, lang } = useI18n();
  const dead = useQuery(alertingQueries.notifications(space, channel, "dead"));
  if (dead.isPending) return <Skeleton className="ml-7 h-10" />;
  if (dead.isError) return <p className="ml-7 text-xs text-destructive">{t("alerting.loadFailed")}</p>;
  if (dead.data.length === 0)
    return <p className="ml-7 text-xs text-muted-foreground">{t("channels.deadLetters.empty")}</p>;
  return (
    <ul className="ml-7 divide-y rounded-md border text-xs" aria-label={t("channels.deadLetters")}>
      {dead.data.map((n) => (
        <li key={n.uuid} className="grid gap-0.5 px-2 py-1.5">
          <span className="flex flex-wrap justify-between gap-2">
            <span className="font-medium">{n.subject}</span>
            <span className="text-muted-foreground tabular-nums">
              {formatDateTime(n.created_at, lang)} · {t("channels.deadLetters.attempts", { count: n.attempts })}
            </span>
          </span>
          {n.last_error && <span className="break-words text-destructive">{n.last_error}</span>}
          <span className="font-mono text-[11px] text-muted-foreground">{n.idempotency_key}</span>
        </li>
      ))}
    </ul>
  );
}
