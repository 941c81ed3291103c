import { SearchIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { focusListSearch } from "@/components/list-search";
import { withChunkTimeout } from "@/lib/api/chunk-load";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { cn } from "@/lib/ui/utils";
import { whenUsedAndIdle } from "@/lib/ui/when-idle";
import { shortcutHint, shortcutOf } from "./keys";
import { openPalette, resetPalette, setPaletteOpen, togglePalette, usePaletteState } from "./store";

// cmdk, the palette and its dialog (Radix's) stay out of the console's first load: they load when the
// browser is idle after the page's first input, or at the first Ctrl-K (or click) if that comes first.
const loadPalette = withChunkTimeout(() => import("./command-palette"));
type PaletteModule = Awaited<ReturnType<typeof loadPalette>>;

/**
 * The signed-in console's shortcuts: Ctrl-K / ⌘-K opens the command palette,
 * `/` focuses the list's search. Renders the palette once it was first asked for.
 */
export function CommandPaletteHost() {
  const t = useT();
  const { open, wanted, opening } = usePaletteState();
  const navigate = useNavigate();
  const location = useLocation();
  const [palette, setPalette] = useState<PaletteModule | null>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = shortcutOf(event);
      if (shortcut === "palette") {
        event.preventDefault();
        togglePalette();
      } else if (shortcut === "listSearch" && focusListSearch()) {
        event.preventDefault();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  // Loaded when the browser is idle after the page's first input, so the first Ctrl-K opens at
  // once, or right away when asked for before that. Only a failure someone asked for is shown; the next press tries again.
  // Asked for, it tries twice: a press while a load in the background is still failing joins that
  // fetch (the browser shares one fetch per module), and its failure may be stale by then.
  useEffect(() => {
    if (palette) return;
    let live = true;
    const load = () =>
      (wanted ? loadPalette().catch(() => loadPalette()) : loadPalette()).then(
        (module) => live && setPalette(module),
        (error: unknown) => {
          if (!live || !wanted) return;
          console.error("Command palette failed to load", error);
          resetPalette();
          showAlert({ type: "error", message: t("palette.loadFailed") });
        },
      );
    if (wanted) void load();
    const cancel = wanted ? undefined : whenUsedAndIdle(load, 4000);
    return () => {
      live = false;
      cancel?.();
    };
  }, [wanted, palette, t]);

  if (!wanted || !palette) return null;
  return (
    <>
      {/* A fresh dialog and palette per opening: no query is left from the last
          one, and one reopened while the last is still animating out (say, Ctrl-K
          right after Enter opened a device) would otherwise be the old node, left under the
          flyout that opened meanwhile (hidden by its modal, its focus trapped there). */}
      <palette.PaletteDialog
        key={opening}
        open={open}
        onOpenChange={setPaletteOpen}
        navigate={navigate}
        location={location}
      />
      <palette.PaletteFollowUp />
    </>
  );
}

/** The top bar's search button: opens the palette, shows its shortcut (an icon on phones). */
export function PaletteButton({ className }: { className?: string }) {
  const t = useT();
  const hint = shortcutHint(navigator.userAgent);
  return (
    <button
      type="button"
      onClick={openPalette}
      aria-label={t("palette.open")}
      aria-haspopup="dialog"
      aria-keyshortcuts="Control+K Meta+K"
      title={`${t("palette.open")} (${hint})`}
      className={cn(
        "flex h-8 items-center gap-2 rounded-md border border-input bg-card px-2.5 text-sm text-muted-foreground shadow-xs transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background max-sm:size-8 max-sm:justify-center max-sm:border-0 max-sm:bg-transparent max-sm:px-0 max-sm:shadow-none",
        className,
      )}
    >
      <SearchIcon className="size-4 shrink-0" aria-hidden="true" />
      <span className="flex-1 text-left max-sm:hidden">{t("palette.search")}</span>
      <kbd className="rounded border bg-muted px-1.5 font-mono text-[11px] leading-5 text-muted-foreground max-sm:hidden">
        {hint}
      </kbd>
    </button>
  );
}
