import type { Device } from "@contracts/devices/schema";
import type { MouseEvent } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import type { TFunction } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import type { DeviceSelection } from "./use-device-selection";

/** A click on a device's checkbox: toggles it, shift extends from the last one clicked; never opens the device. */
export function selectClick(selection: DeviceSelection, uuid: string) {
  return (event: MouseEvent) => {
    // No preventDefault: on a native checkbox it would undo the box's new state after React drew it.
    event.stopPropagation();
    selection.toggle(uuid, event.shiftKey);
  };
}

/**
 * On a touch screen a selection box answers a finger within 44 px (WCAG's target size): its
 * drawn box stays 18 px, an invisible margin around it takes the tap.
 */
export const TOUCH_TARGET =
  "relative pointer-coarse:after:absolute pointer-coarse:after:-inset-[13px] pointer-coarse:after:content-['']";

/** A device's selection checkbox (rows and cards). */
export function DeviceCheckbox({
  selection,
  device,
  t,
  className,
}: {
  selection: DeviceSelection;
  device: Pick<Device, "uuid" | "name">;
  t: TFunction;
  className?: string;
}) {
  return (
    <Checkbox
      aria-label={t("bulk.selectRow", { name: device.name })}
      checked={selection.isSelected(device.uuid)}
      disabled={selection.frozen}
      onClick={selectClick(selection, device.uuid)}
      onKeyDown={(event) => event.stopPropagation()}
      className={cn("size-[18px]", TOUCH_TARGET, className)}
    />
  );
}
