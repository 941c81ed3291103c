import "@/lib/i18n/locales/en-wall";
import type { WallSummary, WallTotals } from "@contracts/wall/schema";
import type { ReactNode } from "react";
import { type MessageKey, useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import { useClock } from "./use-clock";
import type { WallLink } from "./use-wall-live";
import { clockTime, type WallView } from "./wall-model";

/*
 * The wall's building blocks. Every size is in em of the wall's root, whose font size follows
 * the viewport (wall-screen.tsx), so 1920×1080 and 3840×2160 show the same layout at their scale.
 */

/** A titled card whose body never scrolls (lists fit themselves, see use-fit.ts). */
export function Panel({
  title,
  aside,
  children,
  className,
  testId,
}: {
  title: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <section
      data-testid={testId}
      className={cn("flex min-h-0 min-w-0 flex-col rounded-[0.6em] border bg-card shadow-xs", className)}
    >
      <header className="flex items-baseline gap-[0.6em] border-b px-[0.9em] py-[0.5em]">
        <h2 className="min-w-0 flex-1 truncate text-[1.05em] font-semibold tracking-wide text-muted-foreground uppercase">
          {title}
        </h2>
        {aside !== undefined && <span className="text-[1em] text-muted-foreground tabular-nums">{aside}</span>}
      </header>
      <div className="relative min-h-0 flex-1">{children}</div>
    </section>
  );
}

/** A panel's quiet "all fine" line. */
export function Calm({ children }: { children: ReactNode }) {
  return <p className="px-[0.9em] py-[0.8em] text-[1.05em] text-muted-foreground">{children}</p>;
}

type TotalKey = "online" | "offline" | "warning" | "critical" | "not_connected";
const TOTALS: { key: TotalKey; label: MessageKey; dot: string; alarm: string | null }[] = [
  { key: "online", label: "wall.total.online", dot: "bg-status-online", alarm: null },
  {
    key: "offline",
    label: "wall.total.offline",
    dot: "bg-destructive",
    alarm: "border-destructive/60 bg-destructive/10 text-destructive",
  },
  { key: "warning", label: "wall.total.warning", dot: "bg-warning", alarm: "border-warning/60 bg-warning/10" },
  {
    key: "critical",
    label: "wall.total.critical",
    dot: "bg-destructive",
    alarm: "border-destructive/60 bg-destructive/10 text-destructive",
  },
  { key: "not_connected", label: "wall.total.notConnected", dot: "bg-muted-foreground/60", alarm: null },
];

/** The five fleet totals as large tiles; a problem count above 0 is tinted; dimmed while they are stale. */
export function TotalsRow({ totals, stale = false }: { totals: WallTotals | undefined; stale?: boolean }) {
  const t = useT();
  return (
    <ul
      className={cn("grid grid-cols-5 gap-[0.8em] transition-opacity", stale && "opacity-35 grayscale")}
      aria-label={t("wall.title")}
      data-stale={stale || undefined}
    >
      {TOTALS.map(({ key, label, dot, alarm }) => {
        const value = totals?.[key];
        const raised = alarm !== null && (value ?? 0) > 0;
        return (
          <li
            key={key}
            data-testid={`wall-total-${key}`}
            className={cn(
              "flex min-w-0 flex-col gap-[0.15em] rounded-[0.6em] border bg-card px-[0.9em] py-[0.55em] shadow-xs",
              raised && alarm,
            )}
          >
            <span className="flex items-center gap-[0.45em] text-[1.05em] font-medium tracking-wide uppercase opacity-80">
              <span aria-hidden="true" className={cn("size-[0.7em] shrink-0 rounded-full", dot)} />
              <span className="truncate">{t(label)}</span>
            </span>
            <span data-testid="value" className="text-[3.6em] leading-[1.05] font-semibold tabular-nums">
              {value ?? "–"}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

const viewLabel = (view: WallView, t: ReturnType<typeof useT>) =>
  view.kind === "group" ? view.group.name : t(`wall.view.${view.kind}`);

/** Which views rotate and which is on screen. */
export function ViewTabs({ views, current }: { views: WallView[]; current: WallView | null }) {
  const t = useT();
  if (views.length < 2) return null;
  return (
    <ol aria-label={t("wall.views")} className="flex min-w-0 items-center gap-[0.35em] overflow-hidden">
      {views.map((view) => (
        <li
          key={view.key}
          aria-current={view.key === current?.key ? "true" : undefined}
          className={cn(
            "max-w-[12em] shrink truncate rounded-full px-[0.7em] py-[0.15em] text-[0.95em]",
            view.key === current?.key ? "bg-primary text-primary-foreground" : "text-muted-foreground",
          )}
        >
          {viewLabel(view, t)}
        </li>
      ))}
    </ol>
  );
}

/** The link's state — live, connecting, or stale since when — and when the data was last read. */
export function LinkStatus({ link, updatedAt }: { link: WallLink; updatedAt: number | null }) {
  const t = useT();
  const stale = link.state === "stale";
  return (
    <div className="flex shrink-0 flex-col items-end gap-[0.1em] leading-tight">
      <span
        data-testid="wall-link"
        data-state={link.state}
        role="status"
        className={cn(
          "flex items-center gap-[0.4em] rounded-full px-[0.7em] py-[0.1em] text-[1.05em] font-medium",
          stale ? "bg-warning/20 text-foreground ring-1 ring-warning" : "text-muted-foreground",
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            "size-[0.6em] rounded-full",
            link.state === "live" ? "bg-success" : stale ? "bg-warning" : "bg-muted-foreground/60",
          )}
        />
        {stale && link.staleSince !== null
          ? t("wall.link.stale", { time: clockTime(link.staleSince) })
          : t(link.state === "live" ? "wall.link.live" : "wall.link.connecting")}
      </span>
      <span data-testid="wall-updated" className="text-[0.95em] text-muted-foreground tabular-nums">
        {updatedAt ? t("wall.updated", { time: clockTime(updatedAt) }) : t("wall.updated.never")}
      </span>
    </div>
  );
}

/** The screen's clock, hh:mm:ss, with the date below. */
export function Clock() {
  const t = useT();
  const now = useClock();
  const date = new Date(now).toLocaleDateString(undefined, { weekday: "short", day: "numeric", month: "short" });
  return (
    <div className="flex shrink-0 flex-col items-end leading-none" role="timer" aria-label={t("wall.clock")}>
      <time data-testid="wall-clock" className="text-[2.3em] font-semibold tabular-nums">
        {clockTime(now)}
      </time>
      <span className="mt-[0.2em] text-[0.95em] text-muted-foreground">{date}</span>
    </div>
  );
}

/** The scope line under the title (a group or a location), or nothing for the whole space. */
export function ScopeLine({ scope }: { scope: WallSummary["scope"] | undefined }) {
  const t = useT();
  if (!scope?.group && !scope?.location) return null;
  return (
    <p className="truncate text-[1em] text-muted-foreground">
      {scope.location
        ? t("wall.scope.location", { name: scope.location.name })
        : t("wall.scope.group", { name: scope.group?.name ?? "" })}
    </p>
  );
}

/** A thin bar that fills over one rotation step (restarted by its key). */
export function RotationBar({ durationMs }: { durationMs: number }) {
  if (!durationMs) return <div className="h-[0.18em]" />;
  return (
    <div className="h-[0.18em] overflow-hidden rounded-full bg-border/60" aria-hidden="true">
      <div
        className="wall-rotation h-full origin-left bg-primary/70"
        style={{ animationDuration: `${durationMs}ms` }}
      />
    </div>
  );
}

/** Availability colour: red below 90 %, amber below 98 %. */
export const shareTone = (share: number | null) =>
  share === null ? "text-muted-foreground" : share < 0.9 ? "text-destructive" : share < 0.98 ? "text-warning" : "";

/**
 * While the wall's figures are stale: a banner across the screen, not a pill, that says since
 * when the figures are old and that the wall is reconnecting (a wall is read from across a room).
 */
export function StaleBanner({ since }: { since: number | null }) {
  const t = useT();
  return (
    <div
      role="alert"
      data-testid="wall-stale-banner"
      className="flex items-center gap-[0.8em] rounded-[0.6em] border-2 border-warning bg-warning/20 px-[1em] py-[0.45em]"
    >
      <span aria-hidden="true" className="size-[0.9em] shrink-0 animate-pulse rounded-full bg-warning" />
      <span className="min-w-0 flex-1 truncate text-[1.9em] leading-tight font-semibold">
        {since ? t("wall.stale.banner", { time: clockTime(since) }) : t("wall.stale.bannerNever")}
      </span>
      <span className="shrink-0 text-[1.3em] text-muted-foreground">{t("wall.stale.retrying")}</span>
    </div>
  );
}
