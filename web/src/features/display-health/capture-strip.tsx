import "@/lib/i18n/locales/en-display-health";
import type { CaptureItem } from "@contracts/display-health/routes";
import { useQuery } from "@tanstack/react-query";
import { ChevronLeftIcon, ChevronRightIcon, ImageOffIcon, MonitorOffIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api/api";
import { useI18n, useT } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/datetime";
import { cn } from "@/lib/ui/utils";
import { useCaptureImage } from "./capture-image";
import { HEALTH_FILL, HEALTH_TONE, severityOf, stateKey } from "./health-tone";
import { displayHealthQueries } from "./queries";

const DAY = 86_400_000;
const hhmm = (iso: string) => formatDateTime(iso).slice(12, 17);

function Thumb({ capture, onOpen }: { capture: CaptureItem; onOpen: () => void }) {
  const t = useT();
  const { href, failed } = useCaptureImage(capture.url);
  const severity = severityOf(capture.state);
  return (
    <button
      type="button"
      onClick={onOpen}
      data-capture-state={capture.state}
      aria-label={t("displayHealth.open", { time: formatDateTime(capture.at) })}
      className="group flex w-28 shrink-0 flex-col gap-1 rounded-md text-left focus-visible:outline-2 focus-visible:outline-ring"
    >
      <span
        className={cn(
          "relative flex aspect-video w-full items-center justify-center overflow-hidden rounded-md border bg-muted",
          severity === "critical" && "border-destructive/60",
          severity === "warning" && "border-warning/70",
        )}
      >
        {href ? (
          <img src={href} alt="" className="size-full object-cover" loading="lazy" />
        ) : capture.url && !failed ? (
          <Skeleton className="size-full" />
        ) : (
          <MonitorOffIcon className="size-5 text-muted-foreground" aria-hidden />
        )}
      </span>
      <span className="flex items-center gap-1 text-[11px] leading-tight text-muted-foreground">
        <span className={cn("size-2 shrink-0 rounded-full", HEALTH_FILL[severity])} aria-hidden />
        <span className="tabular-nums">{hhmm(capture.at)}</span>
        <span className="truncate">{t(stateKey(capture.state))}</span>
      </span>
    </button>
  );
}

/** The capture full size with its time and state; ← → step through the day. */
function CaptureViewer({
  captures,
  index,
  onIndex,
  display,
}: {
  captures: CaptureItem[];
  index: number | null;
  onIndex: (i: number | null) => void;
  display: string;
}) {
  const t = useT();
  const capture = index === null ? null : captures[index];
  const { href, failed } = useCaptureImage(capture?.url ?? null);
  const step = (by: number) => index !== null && onIndex(Math.min(captures.length - 1, Math.max(0, index + by)));
  return (
    <Dialog open={capture != null} onOpenChange={(open) => !open && onIndex(null)}>
      <DialogContent
        className="sm:max-w-4xl"
        onKeyDown={(e) => {
          if (e.key === "ArrowLeft") step(-1);
          if (e.key === "ArrowRight") step(1);
        }}
      >
        {capture && (
          <>
            <DialogHeader>
              <DialogTitle className="flex flex-wrap items-center gap-2">
                <span>{display}</span>
                <Badge variant="outline" className={HEALTH_TONE[severityOf(capture.state)]}>
                  {t(stateKey(capture.state))}
                </Badge>
              </DialogTitle>
              <DialogDescription className="tabular-nums">
                {formatDateTime(capture.at)}
                {capture.metrics &&
                  ` · ${t("displayHealth.metrics", { luminance: Math.round(capture.metrics.luminance), spread: Math.round(capture.metrics.spread) })}`}
              </DialogDescription>
            </DialogHeader>
            <div className="flex aspect-video w-full items-center justify-center overflow-hidden rounded-md border bg-muted">
              {href ? (
                <img
                  src={href}
                  alt={t("displayHealth.capture", {
                    display,
                    time: formatDateTime(capture.at),
                    state: t(stateKey(capture.state)),
                  })}
                  className="size-full object-contain"
                />
              ) : capture.url && !failed ? (
                <Skeleton className="size-full" />
              ) : (
                <span className="flex flex-col items-center gap-2 text-sm text-muted-foreground">
                  <ImageOffIcon className="size-6" aria-hidden />
                  {t("displayHealth.noImage")}
                </span>
              )}
            </div>
            <div className="flex items-center justify-between">
              <Button variant="outline" size="sm" onClick={() => step(-1)} disabled={index === 0}>
                <ChevronLeftIcon aria-hidden />{" "}
                {captures[(index ?? 0) - 1] ? hhmm(captures[(index ?? 0) - 1]?.at ?? "") : ""}
              </Button>
              <span className="text-xs text-muted-foreground tabular-nums">
                {(index ?? 0) + 1} / {captures.length}
              </span>
              <Button variant="outline" size="sm" onClick={() => step(1)} disabled={index === captures.length - 1}>
                {captures[(index ?? 0) + 1] ? hhmm(captures[(index ?? 0) + 1]?.at ?? "") : ""}{" "}
                <ChevronRightIcon aria-hidden />
              </Button>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The picked thumbnails: every change of state, and the last capture of each hour, newest
 * first, at most 24 (a day of captures every 5 minutes is 288; the timeline above shows them all).
 */
export function pickThumbs(captures: readonly CaptureItem[], max = 24): number[] {
  const picked = new Set<number>();
  captures.forEach((c, i) => {
    const next = captures[i + 1];
    if (!next || next.at.slice(0, 13) !== c.at.slice(0, 13)) picked.add(i);
    if (i > 0 && captures[i - 1]?.state !== c.state) picked.add(i);
  });
  return [...picked].sort((a, b) => b - a).slice(0, max);
}

/** A display's screen over the last 24 h: its state now, a timeline of every capture and the key captures. */
export function CaptureStrip({ space, device, display }: { space: string; device: string; display: string }) {
  const t = useT();
  useI18n();
  const query = useQuery(displayHealthQueries.captures(space, device, display));
  const [open, setOpen] = useState<number | null>(null);
  const captures = query.data?.captures ?? [];
  const thumbs = useMemo(() => pickThumbs(captures), [captures]);
  const current = query.data?.current[0];
  // The timeline's right edge: when the list was answered (so it does not move between refreshes).
  const now = query.dataUpdatedAt || Date.now();
  return (
    <section className="flex w-full flex-col gap-2" aria-label={t("displayHealth.title")} data-testid="capture-strip">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium">{t("displayHealth.title")}</h3>
        {current && (
          <span className="flex items-center gap-2 text-xs text-muted-foreground">
            <Badge variant="outline" data-display-health={current.state} className={HEALTH_TONE[current.severity]}>
              {t(stateKey(current.state))}
            </Badge>
            <span className="tabular-nums">
              {t("displayHealth.since", { time: formatDateTime(new Date(current.since).toISOString()) })}
            </span>
          </span>
        )}
      </div>
      {query.isPending ? (
        <div className="flex gap-2">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="aspect-video w-28" />
          ))}
        </div>
      ) : query.isError ? (
        <p className="text-xs text-muted-foreground">
          {query.error instanceof ApiError && query.error.status === 403
            ? t("displayHealth.strip.denied")
            : t("displayHealth.strip.failed")}
        </p>
      ) : captures.length === 0 ? (
        <p className="text-xs text-muted-foreground">{t("displayHealth.strip.empty")}</p>
      ) : (
        <>
          <div className="relative h-3 w-full overflow-hidden rounded-sm bg-muted" title={t("displayHealth.strip")}>
            {captures.map((c, i) => {
              // Each capture holds until the next (the newest: one interval), on the day's scale.
              const at = Date.parse(c.at);
              const next = captures[i + 1];
              const until = next ? Date.parse(next.at) : Math.min(now, at + 10 * 60_000);
              const left = Math.max(0, ((at - (now - DAY)) / DAY) * 100);
              const width = Math.max(0.25, ((until - Math.max(at, now - DAY)) / DAY) * 100);
              return (
                <button
                  key={c.at}
                  type="button"
                  tabIndex={-1}
                  title={`${formatDateTime(c.at)} · ${t(stateKey(c.state))}`}
                  onClick={() => setOpen(i)}
                  style={{ left: `${left}%`, width: `${width}%` }}
                  className={cn("absolute inset-y-0", HEALTH_FILL[severityOf(c.state)])}
                />
              );
            })}
          </div>
          <div className="flex justify-between text-[10px] text-muted-foreground tabular-nums" aria-hidden>
            <span>−24 h</span>
            <span>−12 h</span>
            <span>{t("displayHealth.now")}</span>
          </div>
          <div className="flex gap-2 overflow-x-auto pb-1">
            {thumbs.map((i) => {
              const c = captures[i];
              return c ? <Thumb key={c.at} capture={c} onOpen={() => setOpen(i)} /> : null;
            })}
          </div>
        </>
      )}
      <CaptureViewer captures={captures} index={open} onIndex={setOpen} display={display} />
    </section>
  );
}
