import "@/lib/i18n/locales/en-sessions";
import RFB from "@novnc/novnc";
import { RotateCcwIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Segmented } from "@/components/ui/segmented";
import { useT } from "@/lib/i18n";
import { ReplaySocket, type RfbPiece } from "./rfb-replay";

const SPEEDS = ["1", "2", "4", "8"] as const;
type Speed = (typeof SPEEDS)[number];

/** A desktop recording played back in noVNC, view-only, at its recorded times (or faster). */
export function DesktopReplay({ pieces }: { pieces: RfbPiece[] }) {
  const t = useT();
  const screen = useRef<HTMLDivElement>(null);
  const [speed, setSpeed] = useState<Speed>("1");
  const [run, setRun] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a restart (run) plays it again from the start.
  useEffect(() => {
    const target = screen.current;
    if (!target) return;
    const socket = new ReplaySocket(pieces, Number(speed));
    const viewer = new RFB(target, socket, { shared: true });
    viewer.viewOnly = true;
    viewer.scaleViewport = true;
    viewer.background = "transparent";
    return () => {
      try {
        viewer.disconnect();
      } catch {
        // Already ended.
      }
      socket.close();
      target.replaceChildren();
    };
  }, [pieces, speed, run]);

  return (
    <div className="flex flex-col gap-3">
      <div
        ref={screen}
        role="img"
        aria-label={t("sessions.replay.desktopScreen")}
        data-testid="recording-desktop"
        className="relative h-[min(70dvh,640px)] overflow-hidden rounded-md border bg-zinc-200 dark:bg-zinc-950"
      />
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <Button size="sm" variant="outline" onClick={() => setRun((n) => n + 1)}>
          <RotateCcwIcon aria-hidden="true" />
          {t("sessions.replay.restart")}
        </Button>
        <Segmented
          label={t("sessions.replay.speed")}
          value={speed}
          onValueChange={setSpeed}
          options={SPEEDS.map((s) => ({ value: s, label: `${s}×` }))}
        />
      </div>
    </div>
  );
}
