import { Command } from "cmdk";
import type { LucideIcon } from "lucide-react";

type PaletteItemProps = {
  /** Unique in the list (cmdk selects by it): `{kind}:{id}`. */
  value: string;
  icon: LucideIcon;
  label: string;
  /** A second, quieter text: a location, an e-mail, why the action cannot run. */
  hint?: string;
  /** Right-aligned: the kind of a recent item, the state of an action. */
  note?: string;
  disabled?: boolean;
  onSelect: () => void;
};

/** One row of the command palette. */
export function PaletteItem({ value, icon: Icon, label, hint, note, disabled, onSelect }: PaletteItemProps) {
  return (
    <Command.Item
      value={value}
      disabled={disabled}
      onSelect={onSelect}
      className="flex min-h-9 cursor-pointer items-center gap-2.5 rounded-md px-2 py-1.5 text-sm outline-none select-none data-[disabled=true]:cursor-default data-[disabled=true]:opacity-50 data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground"
    >
      <Icon aria-hidden="true" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate">{label}</span>
        {hint && <span className="truncate text-xs text-muted-foreground">{hint}</span>}
      </span>
      {note && <span className="shrink-0 text-xs text-muted-foreground">{note}</span>}
    </Command.Item>
  );
}
