import { ActivityIcon, BoxesIcon, type LucideIcon, ShieldCheckIcon, UsersIcon } from "lucide-react";
import type { MessageKey } from "@/lib/i18n";

export type NavItem = {
  to: string;
  label: MessageKey;
  icon: LucideIcon;
  /** First path segments for which this entry is the current one. */
  sections: readonly string[];
  superAdminOnly?: boolean;
};

export const navItems: readonly NavItem[] = [
  { to: "/accounts", label: "nav.accounts", icon: UsersIcon, sections: ["accounts", "access"] },
  { to: "/devices", label: "nav.assets", icon: BoxesIcon, sections: ["devices", "locations", "groups"] },
  {
    to: "/activity",
    label: "nav.monitor",
    icon: ActivityIcon,
    sections: ["activity", "performance", "events", "logs"],
  },
  {
    to: "/applications",
    label: "nav.admin",
    icon: ShieldCheckIcon,
    sections: ["applications", "runners"],
    superAdminOnly: true,
  },
];

export function isNavItemActive(item: NavItem, pathname: string) {
  return item.sections.includes(pathname.split("/")[1] ?? "");
}
