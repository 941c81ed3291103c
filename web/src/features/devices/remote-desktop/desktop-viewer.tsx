import "@/lib/i18n/locales/en-remote-desktop";
import "@/lib/i18n/locales/en-sessions";
import { SESSION_TEXT } from "@contracts/sessions/values";
import RFB from "@novnc/novnc";
import {
  CircleAlertIcon,
  CircleCheckIcon,
  CircleDotIcon,
  KeyboardIcon,
  LoaderCircleIcon,
  MaximizeIcon,
  MinimizeIcon,
  RotateCwIcon,
  ScalingIcon,
} from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import { onTunnelsAttached, tunnelPort } from "../live/device-tunnels";
import { ToolButton } from "./tool-button";
import { TunnelWebSocket } from "./tunnel-websocket";

type Status =
  | { kind: "connecting" }
  | { kind: "password" }
  | { kind: "connected"; name: string }
  | { kind: "closed"; reason: string };

type RfbEvent = Event & { detail?: { clean?: boolean; name?: string; reason?: string } };

/**
 * The remote desktop of one device: noVNC's RFB drawing into a canvas, its RFB stream
 * carried by a vnc session over the device room socket the flyout keeps (TunnelWebSocket). A
 * status line, scale to fit, Ctrl+Alt+Del, fullscreen, a password prompt for VNC servers that ask
 * one; unmounting (closing the dialog or the flyout) ends the session. This module (and noVNC) is
 * loaded only when a viewer opens.
 */
export function DesktopViewer({ device, actions }: { device: string; actions?: React.ReactNode }) {
  const t = useT();
  const texts = useRef({ lost: "", failed: "", ended: "" });
  texts.current = {
    lost: t("device.desktop.lost"),
    failed: t("device.desktop.failed"),
    ended: t("device.desktop.ended"),
  };
  const frame = useRef<HTMLDivElement>(null);
  const screen = useRef<HTMLDivElement>(null);
  const rfb = useRef<RFB | null>(null);
  const [status, setStatus] = useState<Status>({ kind: "connecting" });
  // The consent prompt's wait (seconds) while the device asks its person, and whether it is recorded.
  const [waiting, setWaiting] = useState<number | null>(null);
  const [recorded, setRecorded] = useState(false);
  const [viewOnly, setViewOnly] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [fit, setFit] = useState(true);
  const [fullscreen, setFullscreen] = useState(false);
  const [password, setPassword] = useState("");

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Connect again) starts a new session.
  useEffect(() => {
    const target = screen.current;
    if (!target) return;
    setStatus({ kind: "connecting" });
    setWaiting(null);
    setRecorded(false);
    setViewOnly(false);
    let channel: TunnelWebSocket | null = null;
    let viewer: RFB | null = null;
    // The server names its desktop during the handshake, before "connect".
    let desktopName = "";

    const attach = () => {
      const port = tunnelPort(device);
      if (!port || channel) return;
      channel = new TunnelWebSocket({
        session: crypto.randomUUID(),
        port,
        lostText: texts.current.lost,
        onConsentWaiting: setWaiting,
        onRecorded: () => setRecorded(true),
      });
      const session = channel;
      viewer = new RFB(target, session, { shared: true });
      rfb.current = viewer;
      viewer.scaleViewport = fit;
      viewer.background = "transparent";
      viewer.focusOnClick = true;
      viewer.addEventListener("connect", () => {
        // A role without the control right watches only (the room told the channel so).
        if (viewer) viewer.viewOnly = session.viewOnly;
        setViewOnly(session.viewOnly);
        setWaiting(null);
        setStatus({ kind: "connected", name: desktopName });
        viewer?.focus();
      });
      viewer.addEventListener("desktopname", (event: RfbEvent) => {
        desktopName = event.detail?.name ?? "";
        setStatus((s) => (s.kind === "connected" ? { ...s, name: desktopName } : s));
      });
      viewer.addEventListener("credentialsrequired", () => setStatus({ kind: "password" }));
      viewer.addEventListener("securityfailure", (event: RfbEvent) => {
        if (event.detail?.reason) session.reason ??= event.detail.reason;
      });
      viewer.addEventListener("disconnect", (event: RfbEvent) => {
        rfb.current = null;
        const reason = session.reason ?? (event.detail?.clean ? texts.current.ended : texts.current.failed);
        setStatus({ kind: "closed", reason });
      });
    };
    const stopWaiting = onTunnelsAttached(device, attach);
    attach();
    return () => {
      stopWaiting();
      rfb.current = null;
      if (viewer) {
        try {
          viewer.disconnect();
        } catch {
          // Already disconnected.
        }
      }
      channel?.close();
      target.replaceChildren();
    };
  }, [device, attempt]);

  useEffect(() => {
    if (rfb.current) rfb.current.scaleViewport = fit;
  }, [fit]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === frame.current);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else void frame.current?.requestFullscreen().catch(() => {});
  };

  const sendPassword = (event: FormEvent) => {
    event.preventDefault();
    rfb.current?.sendCredentials({ password });
    setPassword("");
    setStatus({ kind: "connecting" });
  };

  const connected = status.kind === "connected";
  return (
    <div
      ref={frame}
      className={cn("flex min-h-0 flex-1 flex-col gap-2", fullscreen && "bg-background p-2")}
      data-testid="desktop-viewer"
    >
      <div
        ref={screen}
        role="img"
        aria-label={t("device.desktop.screen")}
        data-testid="desktop-screen"
        data-status={status.kind}
        className="relative min-h-0 flex-1 overflow-hidden rounded-md border bg-zinc-200 dark:bg-zinc-950"
      />
      <div className="flex min-h-8 flex-wrap items-center justify-between gap-x-4 gap-y-2 text-xs">
        <p role="status" data-testid="desktop-status" className="flex min-w-0 items-center gap-1.5">
          {(status.kind === "connecting" || status.kind === "password") && (
            <>
              <LoaderCircleIcon className="size-3.5 shrink-0 animate-spin text-info" aria-hidden="true" />
              <span className="text-muted-foreground" data-testid="desktop-consent">
                {waiting !== null && status.kind === "connecting"
                  ? t("sessions.waitingConsent", { seconds: waiting })
                  : t("device.desktop.connecting")}
              </span>
            </>
          )}
          {status.kind === "connected" && (
            <>
              <CircleCheckIcon className="size-3.5 shrink-0 text-success" aria-hidden="true" />
              <span className="truncate">
                {status.name ? t("device.desktop.connectedTo", { name: status.name }) : t("device.desktop.connected")}
              </span>
            </>
          )}
          {status.kind === "closed" && (
            <>
              <CircleAlertIcon className="size-3.5 shrink-0 text-warning" aria-hidden="true" />
              <span>{status.reason}</span>
            </>
          )}
        </p>
        {status.kind === "password" && (
          <form onSubmit={sendPassword} className="flex items-center gap-2">
            <Input
              type="password"
              aria-label={t("device.desktop.password")}
              placeholder={t("device.desktop.password")}
              autoComplete="off"
              className="h-8 w-40"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Button type="submit" size="sm" variant="outline">
              {t("device.desktop.sendPassword")}
            </Button>
          </form>
        )}
        <div className="flex flex-wrap items-center gap-2">
          {recorded && status.kind !== "closed" && (
            <span
              data-testid="desktop-recorded"
              className="inline-flex items-center gap-1 rounded-full border border-destructive/40 px-2 py-0.5 text-destructive"
            >
              <CircleDotIcon className="size-3" aria-hidden="true" />
              {t("sessions.recorded")}
            </span>
          )}
          {viewOnly && connected && <span className="text-muted-foreground">{SESSION_TEXT.forbidden("control")}</span>}
          <ToolButton
            icon={ScalingIcon}
            label={t("device.desktop.fit")}
            aria-pressed={fit}
            className={cn(fit && "bg-accent text-accent-foreground")}
            onClick={() => setFit((f) => !f)}
          />
          <ToolButton
            icon={KeyboardIcon}
            label={t("device.desktop.ctrlAltDel")}
            disabled={!connected || viewOnly}
            onClick={() => rfb.current?.sendCtrlAltDel()}
          />
          <ToolButton
            icon={fullscreen ? MinimizeIcon : MaximizeIcon}
            label={t(fullscreen ? "device.desktop.exitFullscreen" : "device.desktop.fullscreen")}
            onClick={toggleFullscreen}
          />
          {actions}
          {status.kind === "closed" && (
            <ToolButton
              icon={RotateCwIcon}
              label={t("device.desktop.again")}
              onClick={() => setAttempt((n) => n + 1)}
            />
          )}
        </div>
      </div>
    </div>
  );
}
