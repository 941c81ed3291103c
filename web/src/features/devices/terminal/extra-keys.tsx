import "@/lib/i18n/locales/en-terminal";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";

/** The keys a phone's keyboard lacks, as the terminal expects their bytes. */
export const EXTRA_KEYS = [
  { label: "Esc", data: "\x1b" },
  { label: "Tab", data: "\t" },
  { label: "↑", data: "\x1b[A", name: "Up" },
  { label: "↓", data: "\x1b[B", name: "Down" },
  { label: "←", data: "\x1b[D", name: "Left" },
  { label: "→", data: "\x1b[C", name: "Right" },
  { label: "|", data: "|" },
  { label: "~", data: "~" },
  { label: "/", data: "/" },
  { label: "-", data: "-" },
] as const;

/** A character typed while Ctrl is held on the extra row: Ctrl+C is 0x03, Ctrl+[ is Esc. */
export function withCtrl(data: string): string {
  if (data.length !== 1) return data;
  const code = data.toUpperCase().charCodeAt(0);
  return code >= 64 && code <= 95 ? String.fromCharCode(code - 64) : data;
}

type ExtraKeysProps = {
  ctrl: boolean;
  onCtrl: (on: boolean) => void;
  onKey: (data: string) => void;
  disabled: boolean;
};

/**
 * A row of keys under the terminal on touch screens (Ctrl, Esc, Tab, arrows…). A tap never takes
 * the focus from the terminal, so the phone's keyboard stays up; Ctrl applies to the next key.
 */
export function ExtraKeys({ ctrl, onCtrl, onKey, disabled }: ExtraKeysProps) {
  const t = useT();
  const keep = (event: React.PointerEvent) => event.preventDefault();
  return (
    <fieldset
      aria-label={t("device.terminal.extraKeys")}
      data-testid="terminal-extra-keys"
      className="hidden gap-1 overflow-x-auto pointer-coarse:flex"
      disabled={disabled}
    >
      <Button
        variant={ctrl ? "default" : "outline"}
        size="sm"
        className="h-11 min-w-11 font-mono"
        aria-pressed={ctrl}
        onPointerDown={keep}
        onClick={() => onCtrl(!ctrl)}
      >
        Ctrl
      </Button>
      {EXTRA_KEYS.map((key) => (
        <Button
          key={key.label}
          variant="outline"
          size="sm"
          className={cn("h-11 min-w-11 font-mono")}
          aria-label={"name" in key ? key.name : key.label}
          onPointerDown={keep}
          onClick={() => onKey(ctrl ? withCtrl(key.data) : key.data)}
        >
          {key.label}
        </Button>
      ))}
    </fieldset>
  );
}
