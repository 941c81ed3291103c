import type { LucideIcon } from "lucide-react";
import { RotateCwIcon, SearchXIcon, TriangleAlertIcon } from "lucide-react";
import type { ComponentType } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useT } from "@/lib/i18n";

/** Stable keys for placeholder items. */
export const SKELETONS = Array.from({ length: 8 }, (_, i) => `s${i}`);

/** A card list's shape (cards or rows) while its first page loads. */
export function ListSkeleton({ rows, card: Card }: { rows: boolean; card: ComponentType }) {
  const t = useT();
  return (
    <div role="status" aria-label={t("common.loading")}>
      {rows ? (
        <div className="flex flex-col gap-2">
          {SKELETONS.map((key) => (
            <Skeleton key={key} className="h-11 w-full" />
          ))}
        </div>
      ) : (
        <div className="grid grid-cols-[repeat(auto-fill,minmax(300px,1fr))] gap-3">
          {SKELETONS.map((key) => (
            <Card key={key} />
          ))}
        </div>
      )}
    </div>
  );
}

/** Rows shown under a table while its next page loads. */
export function RowSkeletons({ columns }: { columns: number }) {
  return SKELETONS.slice(0, 3).map((key) => (
    <tr key={key}>
      <td colSpan={columns} className="h-12 border-b px-3">
        <Skeleton className="h-4 w-full" />
      </td>
    </tr>
  ));
}

type Text = { title: string; text: string };
type NoItemsProps = {
  /** Filters are set: offer to clear them instead of explaining an empty space. */
  filtered: boolean;
  onReset: () => void;
  icon: LucideIcon;
  empty: Text;
  noMatch: Text;
  clearLabel: string;
};

/** Nothing at all, or nothing matching the filters. */
export function NoItems({ filtered, onReset, icon, empty, noMatch, clearLabel }: NoItemsProps) {
  if (!filtered)
    return (
      <EmptyState
        icon={icon}
        title={empty.title}
        description={empty.text}
        className="rounded-lg border border-dashed"
      />
    );
  return (
    <EmptyState
      icon={SearchXIcon}
      title={noMatch.title}
      description={noMatch.text}
      className="rounded-lg border border-dashed"
      action={
        <Button variant="outline" onClick={onReset}>
          {clearLabel}
        </Button>
      }
    />
  );
}

/** A list that failed to load, with Retry. */
export function ListLoadFailed({ title, error, onRetry }: { title: string; error: Error; onRetry: () => void }) {
  const t = useT();
  return (
    <EmptyState
      icon={TriangleAlertIcon}
      title={title}
      description={error.message}
      action={
        <Button variant="outline" onClick={onRetry}>
          <RotateCwIcon aria-hidden="true" />
          {t("common.retry")}
        </Button>
      }
    />
  );
}
