import "@/lib/i18n/locales/en-device";
import type { DeviceDetail } from "@contracts/devices/detail";
import { EllipsisVerticalIcon } from "lucide-react";
import { LazyMenu } from "@/components/lazy-menu";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";

export type DeviceMenuProps = {
  device: DeviceDetail;
  canWrite: boolean;
  url: string;
  onEdit: () => void;
  onDeleted: () => void;
};

const loadItems = () => import("./device-menu-items");

/** The flyout header's menu button; the menu and its confirmations load after the flyout (device-menu-items.tsx). */
export function DeviceMenu(props: DeviceMenuProps) {
  const t = useT();
  return (
    <LazyMenu
      load={loadItems}
      props={props}
      trigger={
        <Button variant="ghost" size="icon-sm" aria-label={t("device.menu")}>
          <EllipsisVerticalIcon aria-hidden="true" />
        </Button>
      }
    />
  );
}
