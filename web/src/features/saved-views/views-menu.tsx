import "@/lib/i18n/locales/en-views";
import type { SavedViewList } from "@contracts/saved-views/schema";
import { BookmarkIcon } from "lucide-react";
import { LazyMenu } from "@/components/lazy-menu";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import { useListParams } from "@/lib/ui/use-list-params";

export type ViewsMenuProps = {
  list: SavedViewList;
  /** The list's current URL query string (without "?"), what "Save current view…" stores. */
  current: string;
  /** Picking a view: its stored query string becomes the list's URL. */
  onPick: (query: string) => void;
  /** Icon only (phones). */
  compact?: boolean;
};

const loadItems = () => import("./views-menu-items");

/** The list toolbar's "Views" button; its menu (views-menu-items.tsx) loads after the list's first render. */
export function ViewsMenu({ compact, ...props }: ViewsMenuProps) {
  const t = useT();
  return (
    <LazyMenu
      load={loadItems}
      props={props}
      trigger={
        <Button variant="outline" aria-label={compact ? t("views.menu") : undefined} data-testid="views-menu">
          <BookmarkIcon aria-hidden="true" />
          {!compact && t("views.menu")}
        </Button>
      }
    />
  );
}

/** The Views menu of the list whose route this is: it saves and applies the list's URL query. */
export function ListViewsMenu({ list, compact }: { list: SavedViewList; compact?: boolean }) {
  const [params, setParams] = useListParams();
  return (
    <ViewsMenu
      list={list}
      current={params.toString()}
      onPick={(query) => setParams(new URLSearchParams(query), { replace: false })}
      compact={compact}
    />
  );
}
