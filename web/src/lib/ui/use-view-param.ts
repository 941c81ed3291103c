import { useEffect, useRef } from "react";
import { useListParams } from "@/lib/ui/use-list-params";
import { setViewMode, useViewMode, type ViewMode } from "@/lib/ui/view-mode";

/** The `view` URL parameter's values: cards (grid) or table (format rows). */
const PARAM_OF: Record<ViewMode, string> = { grid: "cards", format: "table" };
export const viewOfParam = (value: string | null): ViewMode | null =>
  value === "cards" ? "grid" : value === "table" ? "format" : null;

/**
 * The list's view in the URL: `?view=table|cards` opens the list in that view
 * (and makes it the chosen one); switching the view with the shell's toggle adds it to the URL
 * (a history entry), so back/forward and shared links keep it.
 */
export function useViewParam() {
  const [params, setParams] = useListParams();
  const mode = useViewMode();
  const fromUrl = viewOfParam(params.get("view"));
  const seen = useRef(mode);
  useEffect(() => {
    if (fromUrl) setViewMode(fromUrl);
  }, [fromUrl]);
  useEffect(() => {
    if (mode === seen.current) return;
    seen.current = mode;
    setParams(
      (current) => {
        if (current.get("view") === PARAM_OF[mode]) return current;
        const next = new URLSearchParams(current);
        next.set("view", PARAM_OF[mode]);
        return next;
      },
      { replace: false },
    );
  }, [mode, setParams]);
}
