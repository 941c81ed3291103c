import "@/lib/i18n/locales/en-incidents";
import type { TimelineEntry } from "@contracts/alerting/schema";
import {
  BellRingIcon,
  CheckCheckIcon,
  CheckIcon,
  CircleAlertIcon,
  CircleDotIcon,
  HourglassIcon,
  LogInIcon,
  LogOutIcon,
  type LucideIcon,
  MailWarningIcon,
  Volume2Icon,
  VolumeXIcon,
} from "lucide-react";
import { type TFunction, useI18n } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/datetime";
import { cn } from "@/lib/ui/utils";

const look: Record<TimelineEntry["kind"], { icon: LucideIcon; tone: string }> = {
  opened: { icon: CircleAlertIcon, tone: "text-destructive" },
  device_joined: { icon: LogInIcon, tone: "text-destructive" },
  device_left: { icon: LogOutIcon, tone: "text-success" },
  notified: { icon: BellRingIcon, tone: "text-info" },
  notification_failed: { icon: MailWarningIcon, tone: "text-destructive" },
  acknowledged: { icon: CheckIcon, tone: "text-warning" },
  recovering: { icon: HourglassIcon, tone: "text-muted-foreground" },
  resolved: { icon: CheckCheckIcon, tone: "text-success" },
  suppressed: { icon: VolumeXIcon, tone: "text-muted-foreground" },
  unsuppressed: { icon: Volume2Icon, tone: "text-muted-foreground" },
};

/** What a timeline entry says, in words. */
export function timelineText(entry: TimelineEntry, t: TFunction): string {
  const device = entry.device?.name ?? t("incidents.timeline.aDevice");
  const channel = entry.channel?.name ?? t("incidents.timeline.aChannel");
  switch (entry.kind) {
    case "opened":
      return t("incidents.timeline.opened");
    case "device_joined":
      return t("incidents.timeline.device_joined", { device });
    case "device_left":
      return t("incidents.timeline.device_left", { device });
    case "notified":
      return t("incidents.timeline.notified", { channel });
    case "notification_failed":
      return t("incidents.timeline.notification_failed", { channel });
    case "acknowledged":
      return t("incidents.timeline.acknowledged", { name: entry.account?.name ?? t("incidents.system") });
    case "recovering":
      return t("incidents.timeline.recovering");
    case "resolved":
      return entry.account
        ? t("incidents.timeline.resolved", { name: entry.account.name })
        : t("incidents.timeline.resolvedAuto");
    case "suppressed":
      return t("incidents.timeline.suppressed");
    case "unsuppressed":
      return t("incidents.timeline.unsuppressed");
  }
}

/** The incident's history, newest first: devices joining and leaving, notifications, acknowledgements. */
export function IncidentTimeline({ entries }: { entries: readonly TimelineEntry[] }) {
  const { t, lang } = useI18n();
  const newestFirst = [...entries].reverse();
  return (
    <ol className="relative grid gap-0" data-testid="incident-timeline">
      {newestFirst.map((entry, index) => {
        const { icon: Icon, tone } = look[entry.kind] ?? { icon: CircleDotIcon, tone: "" };
        return (
          <li
            // Entries have no id; time, kind and subject make one.
            key={`${entry.at}:${entry.kind}:${entry.device?.uuid ?? entry.channel?.uuid ?? entry.account?.uuid ?? index}`}
            className="relative grid grid-cols-[1.25rem_minmax(0,1fr)] gap-x-3 pb-3 last:pb-0"
            data-kind={entry.kind}
            data-testid="incident-timeline-entry"
          >
            {index < newestFirst.length - 1 && (
              <span aria-hidden="true" className="absolute top-5 bottom-0 left-[0.6rem] w-px bg-border" />
            )}
            <span className="relative z-[1] flex size-5 items-center justify-center rounded-full bg-card">
              <Icon className={cn("size-4", tone)} aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <p className="text-[13px] leading-5 break-words">{timelineText(entry, t)}</p>
              {entry.note && (
                <p className="mt-0.5 rounded-md bg-muted px-2 py-1 text-xs whitespace-pre-wrap">{entry.note}</p>
              )}
              <time className="text-xs text-muted-foreground tabular-nums" dateTime={entry.at}>
                {formatDateTime(entry.at, lang)}
              </time>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
