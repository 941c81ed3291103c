import "@/lib/i18n/locales/en-admin";
import { lazy } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { useT } from "@/lib/i18n";

/**
 * CodeMirror is loaded only when an editor or a diff is shown: these chunks are not part of the
 * first load, nor of the Admin Panel's lists.
 */
export const LazyJsonEditor = lazy(() => import("./editor/json-editor").then((m) => ({ default: m.JsonEditor })));
export const LazyDiffView = lazy(() => import("./editor/diff-view").then((m) => ({ default: m.DiffView })));

/** The editor's place while its code loads. */
export function EditorSkeleton() {
  const t = useT();
  return (
    <div role="status" aria-label={t("admin.editor.loading")} className="flex h-full gap-3 bg-card p-3">
      <div className="flex w-8 flex-col gap-2">
        {["a", "b", "c", "d", "e", "f"].map((key) => (
          <Skeleton key={key} className="h-3 w-5" />
        ))}
      </div>
      <div className="flex flex-1 flex-col gap-2">
        {["w-1/3", "w-2/3", "w-1/2", "w-3/4", "w-2/5", "w-1/4"].map((width) => (
          <Skeleton key={width} className={`h-3 ${width}`} />
        ))}
      </div>
    </div>
  );
}
