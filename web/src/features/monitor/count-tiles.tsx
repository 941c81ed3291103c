import "@/lib/i18n/locales/en-devices";
import "@/lib/i18n/locales/en-monitor-pages";
import type { MonitoringCounts, MonitoringHeading } from "@contracts/monitoring/schema";
import { ChevronDownIcon, ChevronUpIcon } from "lucide-react";
import { useState } from "react";
import { SKELETONS } from "@/components/list-states";
import { Skeleton } from "@/components/ui/skeleton";
import { useT } from "@/lib/i18n";
import { PHONE_QUERY, useMediaQuery } from "@/lib/ui/use-media-query";
import { cn } from "@/lib/ui/utils";
import { DEVICE_HEADING_KEYS, headingLabel, type MonitoringFilterState, PERIPHERAL_KEYS } from "./performance-filters";

type Count = { warning: number; critical: number };
type TilesProps = {
  counts: MonitoringCounts | undefined;
  active: MonitoringFilterState["count"];
  /** A count clicked (condition 2 or 3), or the tile's name (null: either). */
  onCount: (heading: MonitoringHeading, condition: 2 | 3 | null) => void;
};

const tones = {
  2: { on: "bg-warning/15 text-foreground ring-warning/60", dot: "bg-warning" },
  3: { on: "bg-destructive/12 text-destructive ring-destructive/50", dot: "bg-destructive" },
} as const;

function CountButton({
  heading,
  condition,
  value,
  active,
  onCount,
}: {
  heading: MonitoringHeading;
  condition: 2 | 3;
  value: number;
  active: boolean;
  onCount: TilesProps["onCount"];
}) {
  const t = useT();
  const label = t(condition === 3 ? "monitor.count.critical" : "monitor.count.warning", {
    count: value,
    heading: t(headingLabel[heading]),
  });
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      disabled={value === 0 && !active}
      onClick={() => onCount(heading, condition)}
      data-testid={`count-${heading}-${condition}`}
      className={cn(
        "flex min-w-0 flex-1 items-center gap-1.5 rounded-md px-2 py-1 text-left text-lg leading-none font-semibold tabular-nums outline-none transition-colors",
        "focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-default",
        value === 0 ? "text-muted-foreground/50" : cn("hover:ring-1", tones[condition].on),
        active && "ring-2",
      )}
    >
      <span
        aria-hidden="true"
        className={cn("size-2 shrink-0 rounded-full", value === 0 ? "bg-muted-foreground/30" : tones[condition].dot)}
      />
      {value}
    </button>
  );
}

function Tile({ heading, count, ...rest }: Omit<TilesProps, "counts"> & { heading: MonitoringHeading; count: Count }) {
  const t = useT();
  const isActive = (condition: 2 | 3 | null) => rest.active?.heading === heading && rest.active.condition === condition;
  const none = count.warning + count.critical === 0;
  const label = t(headingLabel[heading]);
  return (
    <li
      className={cn(
        "flex flex-col gap-1 rounded-lg border bg-card p-2 shadow-xs",
        isActive(null) && "ring-2 ring-ring/60",
      )}
      data-testid={`tile-${heading}`}
      aria-label={label}
    >
      {/* The name filters to the heading's warnings and criticals together. */}
      <button
        type="button"
        aria-pressed={isActive(null)}
        disabled={none && !isActive(null)}
        onClick={() => rest.onCount(heading, null)}
        data-testid={`count-${heading}-any`}
        title={t("monitor.count.any", { heading: label, count: count.warning + count.critical })}
        className="line-clamp-2 min-h-8 rounded-sm px-1 text-left text-xs leading-4 text-muted-foreground outline-none hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring disabled:no-underline disabled:hover:text-muted-foreground"
      >
        {label}
      </button>
      <span className="flex gap-1">
        <CountButton {...rest} heading={heading} condition={2} value={count.warning} active={isActive(2)} />
        <CountButton {...rest} heading={heading} condition={3} value={count.critical} active={isActive(3)} />
      </span>
    </li>
  );
}

const zero: Count = { warning: 0, critical: 0 };

/** A section's tiles, one per heading (placeholders until the counts are in). */
function Tiles({
  headings,
  counts,
  ...rest
}: Omit<TilesProps, "counts"> & { headings: readonly MonitoringHeading[]; counts: ReadonlyMap<string, Count> | null }) {
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 xl:grid-cols-8">
      {counts
        ? headings.map((key) => <Tile key={key} heading={key} count={counts.get(key) ?? zero} {...rest} />)
        : SKELETONS.slice(0, headings.length).map((key) => (
            <li key={key} className="flex h-[78px] flex-col gap-2 rounded-lg border bg-card p-2">
              <Skeleton className="h-3 w-3/4" />
              <Skeleton className="h-5 w-1/2" />
            </li>
          ))}
    </ul>
  );
}

const sectionTitle = "text-xs font-medium tracking-wide text-muted-foreground uppercase";

/** Which count is which: the first of a tile is warnings, the second criticals. */
function Legend() {
  const t = useT();
  return (
    <p className="ml-auto flex items-center gap-3 text-xs text-muted-foreground">
      <span className="flex items-center gap-1.5">
        <span aria-hidden="true" className="size-2 rounded-full bg-warning" />
        {t("device.health.warning")}
      </span>
      <span className="flex items-center gap-1.5">
        <span aria-hidden="true" className="size-2 rounded-full bg-destructive" />
        {t("device.health.critical")}
      </span>
    </p>
  );
}

/**
 * Warning and critical counts per monitored heading and per peripheral type (console.md §4). On a
 * phone the 15 tiles would fill the first screen: they fold into one line of totals that opens
 * them, so the list starts on the first screen.
 */
export function CountTiles({ counts, active, onCount }: TilesProps) {
  const t = useT();
  const narrow = useMediaQuery(PHONE_QUERY);
  const [open, setOpen] = useState(false);
  const byHeading = counts ? new Map(counts.headings.map((c) => [c.key, c])) : null;
  const byType = counts ? new Map(counts.peripherals.map((c) => [c.type, c])) : null;
  if (narrow && !open) {
    const all = [...(counts?.headings ?? []), ...(counts?.peripherals ?? [])];
    const warning = all.reduce((n, c) => n + c.warning, 0);
    const critical = all.reduce((n, c) => n + c.critical, 0);
    return (
      <button
        type="button"
        aria-expanded={false}
        data-testid="count-tiles-summary"
        onClick={() => setOpen(true)}
        className="flex min-h-11 items-center gap-3 rounded-lg border bg-card px-3 text-left text-sm shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="font-medium">{t("monitor.counts.title")}</span>
        <span className="flex items-center gap-1.5 tabular-nums">
          <span aria-hidden="true" className="size-2 rounded-full bg-warning" />
          {t("monitor.counts.warnings", { count: warning })}
        </span>
        <span className="flex items-center gap-1.5 tabular-nums">
          <span aria-hidden="true" className="size-2 rounded-full bg-destructive" />
          {t("monitor.counts.criticals", { count: critical })}
        </span>
        <ChevronDownIcon className="ml-auto size-4 text-muted-foreground" aria-hidden="true" />
      </button>
    );
  }
  return (
    <div className="flex flex-col gap-3" data-testid="count-tiles" aria-busy={!counts || undefined}>
      {narrow && (
        <button
          type="button"
          aria-expanded={true}
          onClick={() => setOpen(false)}
          className="flex min-h-11 items-center gap-2 self-start rounded-md px-2 text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ChevronUpIcon className="size-4" aria-hidden="true" />
          {t("monitor.counts.hide")}
        </button>
      )}
      <section aria-label={t("monitor.counts.device")}>
        <div className="mb-1.5 flex items-center gap-4">
          <h2 className={sectionTitle}>{t("monitor.counts.device")}</h2>
          <Legend />
        </div>
        <Tiles headings={DEVICE_HEADING_KEYS} counts={byHeading} active={active} onCount={onCount} />
      </section>
      <section aria-label={t("monitor.counts.peripherals")}>
        <h2 className={cn(sectionTitle, "mb-1.5")}>{t("monitor.counts.peripherals")}</h2>
        <Tiles headings={PERIPHERAL_KEYS} counts={byType} active={active} onCount={onCount} />
      </section>
    </div>
  );
}
