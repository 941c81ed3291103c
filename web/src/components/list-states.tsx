import type { LucideIcon } from "lucide-react";
import { RotateCwIcon, SearchXIcon, TriangleAlertIcon } from "lucide-react";
import type { ComponentType, ReactNode } from "react";
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

/** A card grid (`className`) of placeholders while its first page loads. */
export function CardsSkeleton({ card: Card, className }: { card: ComponentType; className: string }) {
  const t = useT();
  return (
    <div role="status" aria-label={t("common.loading")} className={className}>
      {SKELETONS.map((key) => (
        <Card key={key} />
      ))}
    </div>
  );
}

/** Cards shown at the end of a card list (inside its <ul>) while its next page loads. */
export function MoreCardSkeletons({ card: Card }: { card: ComponentType }) {
  return SKELETONS.slice(0, 4).map((key) => (
    <li key={key}>
      <Card />
    </li>
  ));
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
  /** Filters are set: say nothing matches (and offer Clear) instead of explaining an empty space. */
  filtered: boolean;
  /** Clears the filters; without it there is no Clear button. */
  onReset?: () => void;
  icon: LucideIcon;
  empty: Text;
  noMatch: Text;
  clearLabel?: string;
};

/** Nothing at all, or nothing matching the filters. */
export function NoItems({ filtered, onReset, icon, empty, noMatch, clearLabel }: NoItemsProps) {
  const text = filtered ? noMatch : empty;
  return (
    <EmptyState
      icon={filtered ? SearchXIcon : icon}
      title={text.title}
      description={text.text}
      className="rounded-lg border border-dashed"
      action={
        filtered &&
        onReset && (
          <Button variant="outline" onClick={onReset}>
            {clearLabel}
          </Button>
        )
      }
    />
  );
}

/** Loads again what failed to load. */
export function RetryButton({ onRetry, size }: { onRetry: () => void; size?: "sm" }) {
  const t = useT();
  return (
    <Button variant="outline" size={size} onClick={onRetry}>
      <RotateCwIcon aria-hidden="true" />
      {t("common.retry")}
    </Button>
  );
}

/** A list that failed to load, with Retry. */
export function ListLoadFailed({ title, error, onRetry }: { title: string; error: Error; onRetry: () => void }) {
  return (
    <EmptyState
      icon={TriangleAlertIcon}
      title={title}
      description={error.message}
      action={<RetryButton onRetry={onRetry} />}
    />
  );
}

type ListStatesProps = {
  /**
   * The list's query (an infinite query's first page). `isPlaceholderData`: what it shows are the
   * previous filter's pages (`placeholderData`, lib/paging.ts `previousPagesIn`) while the new ones load.
   */
  list: {
    isPending: boolean;
    isError: boolean;
    error: Error | null;
    isPlaceholderData?: boolean;
    refetch: () => Promise<unknown>;
  };
  /** How many items arrived. */
  count: number;
  /** Shown while the first page loads. */
  skeleton: ReactNode;
  /** Something the items' layout depends on (the caller's role: a selection column) is still loading: the skeleton stays. */
  waiting?: boolean;
  /** The headline when the list failed to load (with its message and Retry). */
  failedTitle: string;
  /** Shown when there are no items (NoItems). */
  empty: ReactNode;
  /** The items. */
  children: ReactNode;
};

/**
 * A list's body: its placeholder while loading, the failure with Retry, the empty state, or the
 * items. While a new filter, search or order loads, the items shown so far stay in place, marked
 * busy, and dim only if the answer takes longer than a glance (150 ms), so a quick reply swaps the
 * rows without a flash of skeleton and a slow one shows plainly that they are out of date. An empty
 * list is never shown as the answer to a question still being asked: it waits as the skeleton.
 */
export function ListStates({ list, count, skeleton, waiting, failedTitle, empty, children }: ListStatesProps) {
  const stale = list.isPlaceholderData === true;
  if (list.isPending || waiting || (stale && count === 0)) return skeleton;
  if (list.isError && list.error)
    return <ListLoadFailed title={failedTitle} error={list.error} onRetry={() => void list.refetch()} />;
  if (count === 0) return empty;
  return (
    <div
      aria-busy={stale || undefined}
      data-stale={stale || undefined}
      className={stale ? "opacity-55 transition-opacity delay-150 duration-200" : undefined}
    >
      {children}
    </div>
  );
}
