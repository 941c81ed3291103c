import "@/lib/i18n/locales/en-assets";
import type { OnlineStatus } from "@contracts/locations/schema";
import { Badge } from "@/components/ui/badge";
import { type MessageKey, useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";

export const onlineStatusLabel: Record<OnlineStatus, MessageKey> = {
  online: "status.online",
  partially_online: "status.partiallyOnline",
  offline: "status.offline",
};

/** The spec's status colours (index.css tokens), one class per state. */
export const onlineStatusColor: Record<OnlineStatus, { bg: string; border: string }> = {
  online: { bg: "bg-status-online", border: "border-l-status-online" },
  partially_online: { bg: "bg-status-partially-online", border: "border-l-status-partially-online" },
  offline: { bg: "bg-status-offline", border: "border-l-status-offline" },
};

/**
 * A status as a dot in the spec's colour; partially online is also a half-filled ring, so it is
 * told apart from online by its shape, not by two close blues alone (a wall across a room).
 */
export function StatusDot({ status, className }: { status: OnlineStatus; className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-shape={status === "partially_online" ? "half" : "full"}
      className={cn(
        "inline-block size-2 shrink-0 rounded-full",
        status === "partially_online"
          ? "border-[0.15em] border-status-partially-online bg-[linear-gradient(90deg,var(--status-partially-online)_50%,transparent_50%)]"
          : onlineStatusColor[status].bg,
        className,
      )}
    />
  );
}

/** A location's or group's online state: coloured dot and label. */
export function OnlineStatusBadge({ status, className }: { status: OnlineStatus; className?: string }) {
  const t = useT();
  return (
    <Badge variant={status} className={className}>
      <StatusDot status={status} />
      {t(onlineStatusLabel[status])}
    </Badge>
  );
}
