import "@/lib/i18n/locales/en-wall";
import { CREDENTIAL_ENDED } from "@contracts/access/values";
import type { ServerMessage } from "@contracts/realtime/events";
import type { WallLocation, WallSummary } from "@contracts/wall/schema";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { MonitorOffIcon } from "lucide-react";
import {
  type CSSProperties,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { throttle } from "@/features/devices/live/realtime-devices";
import { incidentQueries } from "@/features/incidents/queries";
import { WallIncidentsPanel } from "@/features/incidents/wall-incidents-panel";
import { ApiError } from "@/lib/api/api";
import { type MessageKey, useT } from "@/lib/i18n";
import { catchUpAfterJoin } from "@/lib/realtime/catch-up";
import { type DisplaySessionEnd, useDisplaySession } from "@/lib/session/display-session";
import { cn } from "@/lib/ui/utils";
import { type WallScope, wallQueries } from "./queries";
import {
  catchUpTicker,
  changesSummary,
  pushTicker,
  TICKER_MAX,
  type TickerItem,
  tickerInScope,
  tickerItemOf,
} from "./ticker";
import { TickerPanel } from "./ticker-panel";
import { useWallLink } from "./use-wall-live";
import { viewAt, wallViews } from "./wall-model";
import { parseWallParams, type WallParams } from "./wall-params";
import { Clock, LinkStatus, RotationBar, ScopeLine, StaleBanner, TotalsRow, ViewTabs } from "./wall-parts";
import { ScreensView } from "./wall-screens";
import { useWallSpace, type WallSpace } from "./wall-space";
import { GroupView, OverviewView, ProblemsView } from "./wall-views";
import "./wall.css";

/**
 * The root font size of the wall: every size inside is in em of it, so the layout is the same at
 * 1920×1080 and 3840×2160, only larger (about 18 px on a full-HD screen, 37 px on 4K).
 */
const WALL_FONT: CSSProperties = { fontSize: "clamp(12px, calc(0.62vw + 0.62vh), 88px)" };

/** Dark unless asked otherwise, on the wall only: the console's stored choice is left alone and restored after. */
function useWallTheme(theme: WallParams["theme"]) {
  useLayoutEffect(() => {
    const root = document.documentElement;
    const wasDark = root.classList.contains("dark");
    const scheme = root.style.colorScheme;
    root.classList.toggle("dark", theme === "dark");
    root.style.colorScheme = theme;
    return () => {
      root.classList.toggle("dark", wasDark);
      root.style.colorScheme = scheme;
    };
  }, [theme]);
}

/** The pointer hides after a few still seconds: nothing to point at on a wall, and it would sit on the data. */
function useIdlePointer(ms = 3000) {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let timer = setTimeout(() => setIdle(true), ms);
    const moved = () => {
      setIdle(false);
      clearTimeout(timer);
      timer = setTimeout(() => setIdle(true), ms);
    };
    window.addEventListener("pointermove", moved);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("pointermove", moved);
    };
  }, [ms]);
  return idle;
}

/** Full screen, no navigation chrome; the one frame every state of the wall is drawn in. */
function WallFrame({ children }: { children: ReactNode }) {
  const idle = useIdlePointer();
  return (
    <div
      className={cn(
        "fixed inset-0 flex flex-col gap-[0.7em] overflow-hidden bg-background p-[0.9em] text-foreground antialiased",
        idle && "cursor-none",
      )}
      style={WALL_FONT}
      data-testid="wall"
    >
      {children}
    </div>
  );
}

/** A full-screen message (loading, an error, a revoked link). */
function WallMessage({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <WallFrame>
      <div className="flex flex-1 flex-col items-center justify-center gap-[0.8em] text-center" role="status">
        <MonitorOffIcon aria-hidden="true" className="size-[3.5em] text-muted-foreground" />
        <h1 className="text-[2.2em] font-semibold">{title}</h1>
        {text && <p className="max-w-[40em] text-[1.2em] text-muted-foreground">{text}</p>}
        {action}
      </div>
    </WallFrame>
  );
}

/**
 * /wall: the NOC wall. `display`: opened through a display link (the screen signs in
 * with its secret); otherwise a signed-in person's current space.
 */
export function WallScreen({ display }: { display: boolean }) {
  const t = useT();
  const { search } = useLocation();
  const params = useMemo(() => parseWallParams(search), [search]);
  useWallTheme(params.theme);
  const session = useDisplaySession();
  const state = useWallSpace(display && session.secret !== null);
  useEffect(() => {
    document.title = state.status === "ready" ? `${t("wall.title")} · ${state.space.space_name}` : t("wall.title");
  }, [state, t]);
  if (display && session.ended) return <Ended reason={session.ended} />;
  switch (state.status) {
    case "pending":
      return <WallMessage title={t("wall.loading")} />;
    case "ended":
      return <Ended reason={endedBy(state.message)} />;
    case "none":
      return <WallMessage title={t("wall.locations.empty")} />;
    case "error":
      return (
        <WallMessage
          title={t("wall.failed", { message: state.error.message })}
          action={
            <Button variant="outline" onClick={state.retry}>
              {t("common.retry")}
            </Button>
          }
        />
      );
    case "ready":
      return <WallBoard space={state.space} params={params} display={display} />;
  }
}

const ENDED_TITLE: Record<DisplaySessionEnd, MessageKey> = {
  revoked: "wall.revoked.title",
  expired: "wall.expired.title",
  invalid: "wall.invalid.title",
  ended: "wall.invalid.title",
};

/** The display link no longer opens the wall: revoked, expired, or not a link at all. */
function Ended({ reason }: { reason: DisplaySessionEnd }) {
  const t = useT();
  return <WallMessage title={t(ENDED_TITLE[reason])} text={t("wall.revoked.text")} />;
}

/** The reason in an API refusal of the display link (401 with the server's words). */
const endedBy = (message: string): DisplaySessionEnd =>
  message === CREDENTIAL_ENDED.display_link.expired
    ? "expired"
    : message === CREDENTIAL_ENDED.display_link.revoked
      ? "revoked"
      : "invalid";

/** The scope the wall reads: a display link's own scope wins over the URL's. */
const scopeOf = (space: WallSpace, params: WallParams): WallScope => {
  if (space.imposed.group || space.imposed.location) return space.imposed;
  const scope: WallScope = {};
  if (params.group) scope.group = params.group;
  if (params.location) scope.location = params.location;
  return scope;
};

/** How soon a frame's change is read (a burst becomes one read), and at most how often. */
const REFETCH_GATHER_MS = 300;
const REFETCH_WINDOW_MS = 2000;

function WallBoard({ space, params, display }: { space: WallSpace; params: WallParams; display: boolean }) {
  const t = useT();
  const queryClient = useQueryClient();
  const uuid = space.space_uuid;
  const scope = useMemo(() => scopeOf(space, params), [space, params]);
  const summary = useQuery(wallQueries.summary(uuid, scope));
  const day = useQuery({ ...wallQueries.availability(uuid, "24h", scope), placeholderData: keepPreviousData });
  const week = useQuery({ ...wallQueries.availability(uuid, "7d", scope), placeholderData: keepPreviousData });

  // The ticker: frames of the space room in scope, the newest TICKER_MAX kept.
  const [since] = useState(() => Date.now());
  const [ticker, setTicker] = useState<TickerItem[]>([]);
  const sequence = useRef(0);
  const inScope = useRef<ReadonlySet<string> | null>(null);
  const narrowed = Boolean(scope.group || scope.location);
  inScope.current = narrowed && summary.data ? new Set(summary.data.locations.map((l) => l.uuid)) : null;

  const refetch = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: [...wallQueries.all(uuid), "summary"] });
  }, [queryClient, uuid]);
  const onFrame = useCallback(
    (message: ServerMessage) => {
      // The wall's first data is read before its socket joins: what may have missed an event there is read again.
      if (message.type === "welcome") catchUpAfterJoin(queryClient, uuid, message);
      const item = tickerItemOf(message, Date.now(), ++sequence.current);
      if (item && tickerInScope(item, narrowed ? (inScope.current ?? new Set()) : null)) {
        setTicker((items) => pushTicker(items, item));
      }
      if (changesSummary(message)) throttle(`wall:${uuid}`, REFETCH_GATHER_MS, REFETCH_WINDOW_MS, refetch);
      // Open incidents (oldest first, with their age) follow the room too.
      if (message.type === "incidentUpdate")
        throttle(`wall-incidents:${uuid}`, REFETCH_GATHER_MS, REFETCH_WINDOW_MS, () => {
          void queryClient.invalidateQueries({ queryKey: incidentQueries.all(uuid) });
        });
    },
    [queryClient, uuid, narrowed, refetch],
  );
  // After a lost link the ticker catches up: the offline devices before and after, and a line
  // that says the link was lost (catchUpTicker), once the summary has been read again.
  const lastSummary = useRef(summary.data);
  lastSummary.current = summary.data ?? lastSummary.current;
  const linkRef = useRef<{ staleSince: number | null }>({ staleSince: null });
  const catchUp = useRef<{ lostAt: number; backAt: number; before: WallSummary["offline_devices"] } | null>(null);
  const onReconnect = useCallback(() => {
    const backAt = Date.now();
    catchUp.current = {
      lostAt: linkRef.current.staleSince ?? backAt,
      backAt,
      before: lastSummary.current?.offline_devices ?? [],
    };
    void queryClient.invalidateQueries({ queryKey: wallQueries.all(uuid) });
  }, [queryClient, uuid]);
  const link = useWallLink(uuid, { onFrame, onReconnect });
  linkRef.current = link;
  useEffect(() => {
    const pending = catchUp.current;
    if (!pending || !summary.data || summary.dataUpdatedAt < pending.backAt) return;
    catchUp.current = null;
    const scoped = narrowed ? (inScope.current ?? new Set<string>()) : null;
    const missed = catchUpTicker(
      pending.before,
      summary.data.offline_devices,
      pending.lostAt,
      pending.backAt,
      () => ++sequence.current,
    ).filter((item) => item.kind === "gap" || tickerInScope(item, scoped));
    setTicker((items) => [...missed, ...items].slice(0, TICKER_MAX));
  }, [summary.data, summary.dataUpdatedAt, narrowed]);

  // Rotation between the views, one step per interval.
  const views = useMemo(() => (summary.data ? wallViews(summary.data, params) : []), [summary.data, params]);
  const [step, setStep] = useState(0);
  const rotating = params.rotateMs > 0 && views.length > 1;
  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setStep((n) => n + 1), params.rotateMs);
    return () => clearInterval(timer);
  }, [rotating, params.rotateMs]);
  const view = views.length ? viewAt(views, step) : null;

  const locations = useMemo(
    () => new Map<string, WallLocation>(summary.data?.locations.map((l) => [l.uuid, l]) ?? []),
    [summary.data],
  );
  const availability = day.data && week.data ? { day: day.data.locations, week: week.data.locations } : undefined;

  const displayEnded =
    display && summary.error instanceof ApiError && summary.error.status === 401 ? summary.error.message : null;
  if (link.state === "revoked") return <Ended reason="revoked" />;
  if (displayEnded) return <Ended reason={endedBy(displayEnded)} />;
  if (summary.isError && !summary.data) {
    return (
      <WallMessage
        title={t("wall.failed", { message: summary.error.message })}
        action={
          <Button variant="outline" onClick={() => void summary.refetch()}>
            {t("common.retry")}
          </Button>
        }
      />
    );
  }

  // Stale: the room is not live, or reading the summary fails (then since the last good read).
  const failing = summary.isError && summary.data !== undefined;
  const shownLink =
    failing && link.state === "live" ? { state: "stale" as const, staleSince: summary.dataUpdatedAt } : link;
  // Stale figures are dimmed under a banner: bright numbers that stopped moving would mislead.
  const stale = shownLink.state === "stale";

  return (
    <WallFrame>
      <header className="flex items-center gap-[1.2em]">
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-[1.55em] leading-tight font-semibold">{space.space_name}</h1>
          <ScopeLine scope={summary.data?.scope} />
        </div>
        <ViewTabs views={views} current={view} />
        <LinkStatus link={shownLink} updatedAt={summary.dataUpdatedAt || null} />
        <Clock />
      </header>
      <RotationBar key={`${view?.key ?? ""}:${step}`} durationMs={rotating ? params.rotateMs : 0} />
      {stale && <StaleBanner since={shownLink.staleSince} />}
      <TotalsRow totals={summary.data?.totals} stale={stale} />
      <main
        className={cn(
          "grid min-h-0 flex-1 grid-cols-[minmax(0,1fr)_minmax(15em,21em)] gap-[0.8em] transition-opacity",
          stale && "opacity-60",
        )}
        data-stale={stale || undefined}
      >
        <div
          className="min-h-0 min-w-0"
          data-testid="wall-view"
          data-view={view?.kind ?? ""}
          data-key={view?.key ?? ""}
        >
          {summary.data && view?.kind === "overview" && <OverviewView summary={summary.data} />}
          {summary.data && view?.kind === "problems" && (
            <ProblemsView summary={summary.data} availability={availability} />
          )}
          {summary.data && view?.kind === "screens" && (
            <ScreensView displays={summary.data.displays} updatedAt={summary.dataUpdatedAt} />
          )}
          {summary.data && view?.kind === "group" && (
            <GroupView summary={summary.data} group={view.group} availability={availability} />
          )}
        </div>
        <div className="grid min-h-0 grid-rows-[minmax(0,1fr)_minmax(0,1.2fr)] gap-[0.8em]">
          <WallIncidentsPanel space={uuid} inScope={inScope.current} />
          <TickerPanel items={ticker} since={since} locations={locations} />
        </div>
      </main>
    </WallFrame>
  );
}
