import { ActivityIcon, BoxesIcon, type LucideIcon, MonitorPlayIcon, ShieldCheckIcon, UsersIcon } from "lucide-react";
import type { MessageKey } from "@/lib/i18n";

/** A page under an entry (its shell's tabs), as the command palette lists them. */
export type NavPage = { to: string; label: MessageKey; adminOnly?: boolean };

export type NavItem = {
  to: string;
  label: MessageKey;
  icon: LucideIcon;
  /** First path segments for which this entry is the current one. */
  sections: readonly string[];
  superAdminOnly?: boolean;
  pages: readonly NavPage[];
};

export const navItems: readonly NavItem[] = [
  {
    to: "/accounts",
    label: "nav.accounts",
    icon: UsersIcon,
    sections: ["accounts", "access"],
    pages: [
      { to: "/accounts", label: "nav.accounts" },
      { to: "/access", label: "access.title", adminOnly: true },
      { to: "/accounts/audit", label: "audit.title", adminOnly: true },
    ],
  },
  {
    to: "/devices",
    label: "nav.assets",
    icon: BoxesIcon,
    sections: ["devices", "locations", "groups"],
    pages: [
      { to: "/devices", label: "assets.devices" },
      { to: "/locations", label: "assets.locations" },
      { to: "/groups", label: "assets.groups" },
      { to: "/locations/global/working_time", label: "controlPanel.workingTime" },
      { to: "/locations/global/custom_fields", label: "controlPanel.customFields" },
    ],
  },
  {
    to: "/activity",
    label: "nav.monitor",
    icon: ActivityIcon,
    sections: [
      "activity",
      "performance",
      "incidents",
      "events",
      "logs",
      "alert-rules",
      "alert-channels",
      "maintenance",
      "notification-preferences",
    ],
    pages: [
      { to: "/activity", label: "monitor.activity" },
      { to: "/performance", label: "monitor.performance" },
      { to: "/incidents", label: "monitor.incidents" },
      { to: "/alert-rules", label: "monitor.alerting" },
      { to: "/notification-preferences", label: "monitor.notificationPreferences" },
    ],
  },
  {
    // The NOC wall: full screen, outside the console's frame; found here and in the palette.
    to: "/wall",
    label: "nav.wall",
    icon: MonitorPlayIcon,
    sections: ["wall"],
    pages: [{ to: "/wall", label: "nav.wall" }],
  },
  {
    to: "/applications",
    label: "nav.admin",
    icon: ShieldCheckIcon,
    sections: ["applications", "runners", "spaces"],
    superAdminOnly: true,
    pages: [
      { to: "/applications", label: "admin.applications" },
      { to: "/runners", label: "admin.runners" },
    ],
  },
];

export function isNavItemActive(item: NavItem, pathname: string) {
  return item.sections.includes(pathname.split("/")[1] ?? "");
}
