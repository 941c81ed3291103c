import { FolderPlusIcon, type LucideIcon, MapPinPlusIcon, PlusIcon, RadarIcon, ServerIcon } from "lucide-react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { usePermissions } from "@/features/space/use-permissions";
import { type MessageKey, useT } from "@/lib/i18n";

export type AssetsTab = "locations" | "devices" | "groups";

/** What the floating add button offers per tab; each opens the {action} flyout route. */
const actions: Record<AssetsTab, ReadonlyArray<{ action: string; label: MessageKey; icon: LucideIcon }>> = {
  devices: [
    { action: "addDeviceRunner", label: "add.deviceRunner", icon: ServerIcon },
    { action: "detectDevices", label: "add.detectDevices", icon: RadarIcon },
  ],
  locations: [{ action: "addLocation", label: "add.location", icon: MapPinPlusIcon }],
  groups: [{ action: "addGroup", label: "add.group", icon: FolderPlusIcon }],
};

export function AddMenu({ tab }: { tab: AssetsTab }) {
  const t = useT();
  const navigate = useNavigate();
  // Viewers cannot add anything (the server would refuse): no button at all.
  const { canWrite } = usePermissions();
  if (!canWrite) return null;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          size="icon"
          aria-label={t("add.label")}
          className="absolute right-6 bottom-6 z-10 size-12 rounded-full shadow-lg [&_svg:not([class*='size-'])]:size-5"
        >
          <PlusIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
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
