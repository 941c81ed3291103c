import { LoaderCircleIcon, type LucideIcon } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/ui/utils";

/** A titled group of settings rows in one bordered card. */
export function SettingGroup({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h3 id={id} className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {title}
      </h3>
      <div className="divide-y rounded-lg border bg-card">{children}</div>
    </section>
  );
}

type RowProps = {
  icon: LucideIcon;
  title: string;
  description: string;
  /** Under the description (a progress line, a warning). */
  note?: ReactNode;
  control: ReactNode;
  tone?: "default" | "destructive";
};

/** Icon, title and description on the left, the control on the right. */
export function SettingRow({ icon: Icon, title, description, note, control, tone = "default" }: RowProps) {
  return (
    <div className="flex items-center gap-3 px-4 py-3">
      <span
        aria-hidden="true"
        className={cn(
          "flex size-8 shrink-0 items-center justify-center rounded-md",
          tone === "destructive" ? "bg-destructive/10 text-destructive" : "bg-muted text-muted-foreground",
        )}
      >
        <Icon className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm leading-5 font-medium">{title}</p>
        <p className="text-xs text-muted-foreground">{description}</p>
        {note}
      </div>
      <div className="flex shrink-0 items-center gap-2">{control}</div>
    </div>
  );
}

type ActionButtonProps = {
  label: string;
  onClick: () => void;
  /** The action runs: the button spins and is disabled. */
  busy?: boolean;
  disabled?: boolean;
  /** The id of the text that says why the control is disabled. */
  reasonId?: string;
  /** Power actions read in the destructive colour. */
  variant?: "outline" | "destructive";
};

export function ActionButton({ label, onClick, busy, disabled, reasonId, variant = "outline" }: ActionButtonProps) {
  return (
    <Button
      variant="outline"
      size="sm"
      className={cn("min-w-28", variant === "destructive" && "text-destructive hover:text-destructive")}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      aria-describedby={disabled ? reasonId : undefined}
      onClick={onClick}
    >
      {busy && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
      {label}
    </Button>
  );
}

type ToggleProps = {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  reasonId?: string;
  busy?: boolean;
};

export function SettingSwitch({ label, checked, onCheckedChange, disabled, reasonId, busy }: ToggleProps) {
  return (
    <>
      {busy && <LoaderCircleIcon className="size-4 animate-spin text-muted-foreground" aria-hidden="true" />}
      <Switch
        aria-label={label}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-busy={busy || undefined}
        aria-describedby={disabled ? reasonId : undefined}
      />
    </>
  );
}
