import { LayoutGridIcon, Rows3Icon } from "lucide-react";
import { Tooltip } from "@/components/ui/tooltip";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import { preloadRowsView, setViewMode, useViewMode, type ViewMode } from "@/lib/ui/view-mode";

/** Grid (cards) / format (rows) switch of the assets lists. */
export function ViewToggle() {
  const t = useT();
  const mode = useViewMode();
  const options: ReadonlyArray<{ value: ViewMode; label: string; icon: typeof LayoutGridIcon }> = [
    { value: "grid", label: t("view.grid"), icon: LayoutGridIcon },
    { value: "format", label: t("view.format"), icon: Rows3Icon },
  ];
  return (
    // Hidden on phones: their lists are always cards.
    <fieldset className="flex items-center rounded-md border bg-card p-0.5 max-md:hidden">
      <legend className="sr-only">{t("view.label")}</legend>
      {options.map(({ value, label, icon: Icon }) => (
        <Tooltip key={value} label={label}>
          <button
            type="button"
            aria-label={label}
            aria-pressed={mode === value}
            // The rows view's table loads on demand: from the pointer's or the focus's arrival, and
            // the switch waits for it (a few ms when already started) rather than show a skeleton.
            onClick={() =>
              value === "format" ? void preloadRowsView().then(() => setViewMode(value)) : setViewMode(value)
            }
            onPointerEnter={value === "format" ? () => void preloadRowsView() : undefined}
            onFocus={value === "format" ? () => void preloadRowsView() : undefined}
            className={cn(
              "flex size-7 items-center justify-center rounded-[5px] text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
              mode === value && "bg-accent text-foreground",
            )}
          >
            <Icon className="size-4" aria-hidden="true" />
          </button>
        </Tooltip>
      ))}
    </fieldset>
  );
}
