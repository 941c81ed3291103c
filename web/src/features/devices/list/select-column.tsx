import type { Device } from "@contracts/device";
import type { MouseEvent } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { columnHelper } from "@/components/ui/data-table";
import type { TFunction } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import type { DeviceSelection } from "./use-device-selection";

const col = columnHelper<Device>();

/** A click on a device's checkbox: toggles it, shift extends from the last one clicked; never opens the device. */
export function selectClick(selection: DeviceSelection, uuid: string) {
  return (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    selection.toggle(uuid, event.shiftKey);
  };
}

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
      className={cn("size-[18px]", className)}
    />
  );
}

/** The rows view's first column: a checkbox per device, the header's selects every loaded device. */
export const selectColumn = (t: TFunction, selection: DeviceSelection) =>
  col.display({
    id: "select",
    meta: { className: "w-9 pr-0" },
    header: () => (
      <Checkbox
        aria-label={t("bulk.selectLoaded")}
        checked={selection.allMatching || selection.pageState}
        disabled={selection.frozen}
        onCheckedChange={(value) => selection.selectLoaded(value === true)}
        className="size-[18px]"
      />
    ),
    cell: (info) => (
      // The row opens the device: a click around the box only selects.
      // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the checkbox inside is the control
      <span className="-m-3 flex p-3" onClick={(event) => event.stopPropagation()}>
        <DeviceCheckbox selection={selection} device={info.row.original} t={t} />
      </span>
    ),
  });
