import { SlidersHorizontalIcon } from "lucide-react";
import { LazyMenu } from "@/components/lazy-menu";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import type { FilterSheetProps } from "./filter-sheet";

/** The sheet (Radix's dialog): not in a page's first load. */
const loadSheet = () => import("./filter-sheet");

/** On phones a list's filters live in a sheet; its button in the toolbar shows how many are set. */
export function FilterSheetButton(props: FilterSheetProps) {
  const t = useT();
  return (
    <LazyMenu
      load={loadSheet}
      props={props}
      trigger={
        <Button variant="outline" className="shrink-0" aria-haspopup="dialog" data-testid="filter-sheet-button">
          <SlidersHorizontalIcon aria-hidden="true" />
          {t("filters.title")}
          {props.active > 0 && (
            <Badge className="ml-0.5 h-5 min-w-5 justify-center rounded-full px-1.5 tabular-nums">
              {props.active}
              <span className="sr-only"> {t("filters.active")}</span>
            </Badge>
          )}
        </Button>
      }
    />
  );
}
