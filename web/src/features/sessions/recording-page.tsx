import "@/lib/i18n/locales/en-sessions";
import { useQuery } from "@tanstack/react-query";
import { Terminal } from "@xterm/xterm";
import "@xterm/xterm/css/xterm.css";
import { ArrowLeftIcon, DownloadIcon, PauseIcon, PlayIcon, RotateCcwIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Segmented } from "@/components/ui/segmented";
import { Skeleton } from "@/components/ui/skeleton";
import { deviceViewPath } from "@/features/devices/paths";
import { deviceQueries } from "@/features/devices/queries";
import { terminalTheme } from "@/features/devices/terminal/terminal-theme";
import { apiBlob, apiDownload } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { DesktopReplay } from "./desktop-replay";
import { sessionQueries } from "./queries";
import { CastPlayer, parseCast } from "./replay";
import { parseRfbRecording } from "./rfb-replay";

const SPEEDS = ["1", "2", "4", "8"] as const;
type Speed = (typeof SPEEDS)[number];

const currentTheme = () => (document.documentElement.classList.contains("dark") ? "dark" : "light");
const clockText = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, "0")}`;

/**
 * /devices/device/view/{space}/{device}/recording/{session}: a recorded remote session (the audit
 * entry's link). A terminal replays in xterm.js at its recorded timing (play, pause, speed); a
 * desktop plays back in noVNC from its recorded RFB stream, frame by frame.
 */
export function RecordingPage() {
  const t = useT();
  const { space_uuid: space = "", uuid: device = "", session = "" } = useParams();
  const path = `/space/${space}/recording/${session}/`;
  const detail = useQuery(deviceQueries.detail(space, device));
  const list = useQuery(sessionQueries.recordings(space, device));
  const item = list.data?.items.find((i) => i.session === session);
  const kind = item?.kind ?? (list.isSuccess ? "terminal" : null);
  const cast = useQuery({
    queryKey: [...sessionQueries.all(space), "cast", session],
    queryFn: async ({ signal }) => parseCast(await (await apiBlob(path, signal)).text()),
    enabled: kind === "terminal",
    staleTime: Number.POSITIVE_INFINITY,
  });
  const desktop = useQuery({
    queryKey: [...sessionQueries.all(space), "rfb", session],
    queryFn: async ({ signal }) => parseRfbRecording(await (await apiBlob(path, signal)).arrayBuffer()),
    enabled: kind === "vnc",
    staleTime: Number.POSITIVE_INFINITY,
  });
  const host = useRef<HTMLDivElement>(null);
  const player = useRef<CastPlayer | null>(null);
  const [, setTick] = useState(0);
  const [speed, setSpeed] = useState<Speed>("1");

  useEffect(() => {
    const element = host.current;
    if (!element || !cast.data) return;
    const xterm = new Terminal({
      cols: cast.data.width,
      rows: cast.data.height,
      disableStdin: true,
      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
      fontSize: 13,
      theme: terminalTheme(currentTheme()),
    });
    xterm.open(element);
    const themeWatch = new MutationObserver(() => {
      xterm.options.theme = terminalTheme(currentTheme());
    });
    themeWatch.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    const played = new CastPlayer(cast.data, {
      write: (data) => xterm.write(data),
      resize: (cols, rows) => xterm.resize(cols, rows),
      reset: () => xterm.reset(),
      changed: () => setTick((n) => n + 1),
    });
    player.current = played;
    played.play();
    // The position line moves while it plays.
    const ticker = setInterval(() => {
      if (played.playing) setTick((n) => n + 1);
    }, 250);
    return () => {
      clearInterval(ticker);
      played.pause();
      themeWatch.disconnect();
      xterm.dispose();
      player.current = null;
    };
  }, [cast.data]);

  const p = player.current;
  const name = detail.data?.name ?? "";
  return (
    <div className="flex flex-col gap-4 px-6 py-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="truncate text-lg font-semibold">{t("sessions.replay.title", { name })}</h1>
          {item && (
            <p className="text-sm text-muted-foreground">
              {new Date(item.created_at).toLocaleString()} · {session}
            </p>
          )}
        </div>
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" asChild>
            <Link to={deviceViewPath(space, device, "logs")}>
              <ArrowLeftIcon aria-hidden="true" />
              {t("sessions.replay.back")}
            </Link>
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              void apiDownload(path, { filename: `${session}.${kind === "vnc" ? "rfb" : "cast"}` }).catch(() => {})
            }
          >
            <DownloadIcon aria-hidden="true" />
            {t("sessions.replay.download")}
          </Button>
        </div>
      </div>
      {kind === "vnc" && desktop.data && <DesktopReplay pieces={desktop.data} />}
      {kind === "vnc" && desktop.isPending && <Skeleton className="h-[420px] w-full" />}
      {(cast.isPending || list.isPending) && kind !== "vnc" && !cast.isError && (
        <Skeleton className="h-[420px] w-full" aria-label={t("sessions.replay.loading")} />
      )}
      {(cast.isError || list.isError || desktop.isError) && (
        <p role="alert" className="text-sm text-destructive">
          {t("sessions.replay.failed")}
        </p>
      )}
      {kind === "terminal" && (
        <div className="flex flex-col gap-3">
          <div
            ref={host}
            data-testid="recording-terminal"
            className="max-w-full overflow-auto rounded-md border bg-card p-2"
            hidden={!cast.data}
          />
          {cast.data && p && (
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <Button
                size="sm"
                variant="outline"
                onClick={() => (p.playing ? p.pause() : p.play())}
                aria-label={p.playing ? t("sessions.replay.pause") : t("sessions.replay.play")}
              >
                {p.playing ? <PauseIcon aria-hidden="true" /> : <PlayIcon aria-hidden="true" />}
                {p.playing ? t("sessions.replay.pause") : t("sessions.replay.play")}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => p.restart()}>
                <RotateCcwIcon aria-hidden="true" />
                {t("sessions.replay.restart")}
              </Button>
              <Segmented
                label={t("sessions.replay.speed")}
                value={speed}
                onValueChange={(next) => {
                  setSpeed(next);
                  p.setSpeed(Number(next));
                }}
                options={SPEEDS.map((s) => ({ value: s, label: `${s}×` }))}
              />
              <span data-testid="recording-position" className="text-muted-foreground tabular-nums">
                {t("sessions.replay.position", { at: clockText(p.position), total: clockText(p.duration) })}
              </span>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
