import { FolderPlusIcon, type LucideIcon, MapPinPlusIcon, RadarIcon, ServerIcon } from "lucide-react";
import { useNavigate } from "react-router";
import type { LazyMenuProps } from "@/components/lazy-menu";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { type MessageKey, useT } from "@/lib/i18n";
import type { AssetsTab } from "./add-menu";

/** What the floating add button offers per tab; each opens the {action} flyout route. */
const actions: Record<AssetsTab, ReadonlyArray<{ action: string; label: MessageKey; icon: LucideIcon }>> = {
  devices: [
    { action: "addDeviceRunner", label: "add.deviceRunner", icon: ServerIcon },
    { action: "detectDevices", label: "add.detectDevices", icon: RadarIcon },
  ],
  locations: [{ action: "addLocation", label: "add.location", icon: MapPinPlusIcon }],
  groups: [{ action: "addGroup", label: "add.group", icon: FolderPlusIcon }],
};

/** The add button's menu (loaded after the list's first render: components/lazy-menu.tsx). */
export default function AddMenuItems({ tab, trigger, defaultOpen }: { tab: AssetsTab } & LazyMenuProps) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent side="top" align="end">
        {actions[tab].map(({ action, label, icon: Icon }) => (
          <DropdownMenuItem key={action} onSelect={() => navigate(`/${tab}/${action}`)}>
            <Icon aria-hidden="true" />
            {t(label)}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
