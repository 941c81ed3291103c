import "@/lib/i18n/locales/en-devices";
import type { ConnectedStatus, Device } from "@contracts/devices/schema";
import {
  ArchiveIcon,
  HourglassIcon,
  type LucideIcon,
  MonitorCheckIcon,
  MonitorIcon,
  MonitorOffIcon,
  UnplugIcon,
} from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { type MessageKey, useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";

/** devices.md §4: connected + online = online, connected + offline = offline, else the status itself. */
export type DeviceLook = "online" | "offline" | Exclude<ConnectedStatus, "connected">;

export const deviceLook = (device: Pick<Device, "connected_status" | "online">): DeviceLook =>
  device.connected_status === "connected" ? (device.online ? "online" : "offline") : device.connected_status;

export const connectedLabel: Record<ConnectedStatus, MessageKey> = {
  connected: "device.connected.connected",
  disconnected: "device.connected.disconnected",
  non_connected: "device.connected.nonConnected",
  installation_pending: "device.connected.installationPending",
  archived: "device.connected.archived",
};

const looks: Record<DeviceLook, { icon: LucideIcon; className: string; label: MessageKey }> = {
  online: {
    icon: MonitorCheckIcon,
    className: "bg-status-online/15 text-status-online",
    label: "device.status.online",
  },
  offline: { icon: MonitorIcon, className: "bg-status-offline/15 text-status-offline", label: "device.status.offline" },
  disconnected: { icon: UnplugIcon, className: "bg-muted text-muted-foreground", label: connectedLabel.disconnected },
  non_connected: {
    icon: MonitorOffIcon,
    className: "border border-dashed bg-transparent text-muted-foreground",
    label: connectedLabel.non_connected,
  },
  installation_pending: {
    icon: HourglassIcon,
    className: "bg-muted text-muted-foreground",
    label: connectedLabel.installation_pending,
  },
  archived: { icon: ArchiveIcon, className: "bg-muted text-muted-foreground/70", label: connectedLabel.archived },
};

/** The square status icon of a card, row and the flyout header. */
export function DeviceStatusIcon({ look, className }: { look: DeviceLook; className?: string }) {
  const t = useT();
  const { icon: Icon, className: tone, label } = looks[look];
  return (
    <span
      role="img"
      aria-label={t(label)}
      data-look={look}
      className={cn("flex size-9 shrink-0 items-center justify-center rounded-lg", tone, className)}
    >
      <Icon className="size-[55%]" aria-hidden="true" />
    </span>
  );
}

/** Online / Offline for connected devices (status colours), the connected status otherwise. */
export function DeviceStatusBadge({ look, className }: { look: DeviceLook; className?: string }) {
  const t = useT();
  if (look === "online" || look === "offline")
    return (
      <Badge variant={look} className={className}>
        <span
          aria-hidden="true"
          className={cn("size-1.5 rounded-full", look === "online" ? "bg-status-online" : "bg-status-offline")}
        />
        {t(looks[look].label)}
      </Badge>
    );
  return (
    <Badge variant="outline" className={cn("text-muted-foreground", className)}>
      {t(looks[look].label)}
    </Badge>
  );
}

export const deviceClassLabel: Record<NonNullable<Device["device_class"]>, MessageKey> = {
  kiosk: "device.class.kiosk",
  retail_pos: "device.class.retail_pos",
  visualization: "device.class.visualization",
};
