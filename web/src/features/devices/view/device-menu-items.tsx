import "@/lib/i18n/locales/en-device";
import { ArchiveIcon, ArchiveRestoreIcon, LinkIcon, PencilIcon, Trash2Icon, UnplugIcon } from "lucide-react";
import { useState } from "react";
import type { LazyMenuProps } from "@/components/lazy-menu";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { type MessageKey, useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { type LifecycleAction, menuActions } from "../logic/menu";
import { useDeviceLifecycle } from "../use-device-mutations";
import type { DeviceMenuProps } from "./device-menu";

const items: Record<
  LifecycleAction,
  { label: MessageKey; icon: typeof ArchiveIcon; title: MessageKey; text: MessageKey }
> = {
  archive: {
    label: "device.menu.archive",
    icon: ArchiveIcon,
    title: "device.confirm.archive.title",
    text: "device.confirm.archive.text",
  },
  unarchive: {
    label: "device.menu.unarchive",
    icon: ArchiveRestoreIcon,
    title: "device.confirm.unarchive.title",
    text: "device.confirm.unarchive.text",
  },
  delete: {
    label: "device.menu.delete",
    icon: Trash2Icon,
    title: "device.confirm.delete.title",
    text: "device.confirm.delete.text",
  },
  terminate: {
    label: "device.menu.terminate",
    icon: UnplugIcon,
    title: "device.confirm.terminate.title",
    text: "device.confirm.terminate.text",
  },
};

/**
 * The flyout header menu with a confirmation for every status change (loaded after the flyout's
 * first render: device-menu.tsx, components/lazy-menu.tsx).
 */
export default function DeviceMenuItems({
  device,
  canWrite,
  url,
  onEdit,
  onDeleted,
  trigger,
  defaultOpen,
}: DeviceMenuProps & LazyMenuProps) {
  const t = useT();
  const lifecycle = useDeviceLifecycle(device);
  const [confirm, setConfirm] = useState<LifecycleAction | null>(null);
  const shown = confirm ? items[confirm] : null;
  const copy = () =>
    navigator.clipboard.writeText(url).then(
      () => showAlert({ type: "success", message: t("device.urlCopied") }),
      (error) => console.warn("Clipboard write failed", error),
    );
  return (
    <>
      <DropdownMenu modal={false} defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {canWrite && (
            <>
              <DropdownMenuItem onSelect={onEdit}>
                <PencilIcon aria-hidden="true" />
                {t("device.menu.edit")}
              </DropdownMenuItem>
              {menuActions(device).map((action) => {
                const { label, icon: Icon } = items[action];
                return (
                  <DropdownMenuItem key={action} onSelect={() => setConfirm(action)}>
                    <Icon aria-hidden="true" />
                    {t(label)}
                  </DropdownMenuItem>
                );
              })}
              <DropdownMenuSeparator />
            </>
          )}
          <DropdownMenuItem onSelect={() => void copy()}>
            <LinkIcon aria-hidden="true" />
            {t("device.menu.copyUrl")}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={shown ? t(shown.title, { name: device.name }) : ""}
        description={shown ? t(shown.text) : ""}
        confirmLabel={shown ? t(shown.label) : ""}
        cancelLabel={t("common.cancel")}
        pending={lifecycle.isPending}
        onConfirm={() => {
          if (!confirm) return;
          lifecycle.mutate(confirm, {
            onSettled: () => setConfirm(null),
            onSuccess: () => confirm === "delete" && onDeleted(),
          });
        }}
      />
    </>
  );
}
