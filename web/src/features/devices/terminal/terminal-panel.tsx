import "@/lib/i18n/locales/en-terminal";
import "@/lib/i18n/locales/en-sessions";
import { TUNNEL_OPEN_TIMEOUT_MS, TUNNEL_TEXT } from "@contracts/remote-actions/tunnel";
import { SESSION_TEXT } from "@contracts/sessions/values";
import { FitAddon } from "@xterm/addon-fit";
import { Terminal } from "@xterm/xterm";
import "@xterm/xterm/css/xterm.css";
import { CircleAlertIcon, CircleCheckIcon, CircleDotIcon, LoaderCircleIcon, RotateCwIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import { onTunnelsAttached, type TunnelListener, type TunnelPort, tunnelPort } from "../live/device-tunnels";
import { ExtraKeys, withCtrl } from "./extra-keys";
import { terminalTheme } from "./terminal-theme";
import { TunnelStream } from "./tunnel-client";

type Status = { kind: "connecting" } | { kind: "connected" } | { kind: "closed"; reason: string | null };

/**
 * What the person at the device answered, as the operator sees it: waiting (with the seconds the
 * device waits), accepted, or a default that applied (the session then opened, or it closes with
 * the refusal as its reason).
 */
type Consent = { kind: "waiting"; seconds: number } | { kind: "done"; text: string } | null;

const encoder = new TextEncoder();

const currentTheme = () => (document.documentElement.classList.contains("dark") ? "dark" : "light");

/** xterm's onBinary strings carry one byte per character. */
const binaryBytes = (data: string) => Uint8Array.from(data, (c) => c.charCodeAt(0) & 0xff);

/**
 * Ctrl+Shift+C copies the selection, Ctrl+Shift+V pastes (Ctrl+C stays the shell's interrupt);
 * the browser's own copy and paste (menu, Ctrl+V) work through xterm's text area as well.
 */
function clipboardKeys(term: Terminal) {
  term.attachCustomKeyEventHandler((event) => {
    if (event.type !== "keydown" || !event.ctrlKey || !event.shiftKey) return true;
    const key = event.key.toLowerCase();
    if (key === "c" && term.hasSelection()) {
      void navigator.clipboard?.writeText(term.getSelection()).catch(() => {});
      event.preventDefault();
      return false;
    }
    if (key === "v") {
      void navigator.clipboard
        ?.readText()
        .then((text) => term.paste(text))
        .catch(() => {});
      event.preventDefault();
      return false;
    }
    return true;
  });
}

/**
 * One terminal session on a device: an xterm.js terminal whose bytes travel through
 * the device room socket the flyout keeps (live/device-tunnels.ts) in the session's data frames.
 * Unmounting (closing the dialog or the flyout) ends the session.
 */
export function TerminalPanel({ device }: { device: string }) {
  const t = useT();
  const lostText = useRef("");
  lostText.current = t("device.terminal.lost");
  const host = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>({ kind: "connecting" });
  const [consent, setConsent] = useState<Consent>(null);
  const [recorded, setRecorded] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // The extra keys' row (touch screens): Ctrl held for the next key, and how a key reaches the session.
  const [ctrl, setCtrl] = useState(false);
  const ctrlHeld = useRef(false);
  ctrlHeld.current = ctrl;
  const sendKey = useRef<(data: string) => void>(() => {});

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Open again) starts a new session.
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    setStatus({ kind: "connecting" });
    setConsent(null);
    setRecorded(false);
    const xterm = new Terminal({
      cursorBlink: true,
      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
      fontSize: 13,
      scrollback: 5000,
      theme: terminalTheme(currentTheme()),
    });
    // The colours follow the app's theme (the toggle, the OS) from its CSS variables.
    const themeWatch = new MutationObserver(() => {
      xterm.options.theme = terminalTheme(currentTheme());
    });
    themeWatch.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    const fit = new FitAddon();
    xterm.loadAddon(fit);
    xterm.open(element);
    clipboardKeys(xterm);
    try {
      fit.fit();
    } catch {
      // Not laid out yet: the observer fits it.
    }

    const session = crypto.randomUUID();
    let state: Status["kind"] = "connecting";
    let port: TunnelPort | null = null;
    let stream: TunnelStream | null = null;
    let unlisten = () => {};
    let timer: ReturnType<typeof setTimeout> | null = null;

    const finish = (reason: string | null, tell: boolean) => {
      if (state === "closed") return;
      state = "closed";
      if (timer) clearTimeout(timer);
      if (tell && port?.open) port.json({ type: "tunnelClose", session });
      stream?.dispose();
      unlisten();
      setStatus({ kind: "closed", reason });
    };

    const listener: TunnelListener = {
      message: (message) => {
        if (message.session !== session) return;
        if (message.type === "tunnelOpened" && state === "connecting") {
          state = "connected";
          if (timer) clearTimeout(timer);
          setStatus({ kind: "connected" });
          xterm.focus();
          // The size may have changed while it opened.
          port?.json({ type: "tunnelResize", session, cols: xterm.cols, rows: xterm.rows });
        } else if (message.type === "tunnelRecorded") {
          setRecorded(true);
        } else if (message.type === "tunnelConsent" && state === "connecting") {
          if (message.state === "waiting") {
            // The device waits for its person: the console waits as long, and a little more.
            const wait = message.timeout_ms ?? TUNNEL_OPEN_TIMEOUT_MS;
            if (timer) clearTimeout(timer);
            timer = setTimeout(() => {
              if (state === "connecting") finish(TUNNEL_TEXT.timeout, true);
            }, wait + TUNNEL_OPEN_TIMEOUT_MS);
            setConsent({ kind: "waiting", seconds: Math.round(wait / 1000) });
          } else if (message.state === "accepted") {
            setConsent({ kind: "done", text: SESSION_TEXT.accepted });
          } else if (message.state === "timeout" && message.action === "allow") {
            setConsent({ kind: "done", text: SESSION_TEXT.timeout("allow") });
          } else if (message.state === "unavailable" && message.action === "allow") {
            setConsent({ kind: "done", text: SESSION_TEXT.unavailable("allow") });
          } else {
            // Refused (by the person or by the default): the session's close says so.
            setConsent(null);
          }
        } else if (message.type === "tunnelCredit") {
          stream?.credit(message.bytes);
        } else if (message.type === "tunnelClosed") {
          finish(message.reason, false);
        }
      },
      frame: (frame) => {
        const payload = stream?.receive(frame);
        if (!payload) return;
        xterm.write(payload, () => stream?.consumed(payload.byteLength));
      },
      opened: () => {
        if (state === "connecting") start();
      },
      // The socket dropped (nothing to tell), or the flyout is leaving the room (tell the room first).
      lost: () => finish(lostText.current, true),
    };

    let started = false;
    const start = () => {
      if (started || !port?.open) return;
      started = true;
      port.json({ type: "tunnelOpen", session, kind: "terminal", cols: xterm.cols, rows: xterm.rows });
    };

    const attach = () => {
      const found = tunnelPort(device);
      if (!found || port) return;
      port = found;
      const wire = found;
      stream = new TunnelStream(session, { json: (m) => wire.json(m), frame: (b) => wire.frame(b) });
      unlisten = found.listen(listener);
      start();
    };
    const stopWaiting = onTunnelsAttached(device, attach);
    attach();
    timer = setTimeout(() => {
      if (state === "connecting") finish(TUNNEL_TEXT.timeout, true);
    }, TUNNEL_OPEN_TIMEOUT_MS);

    const input = xterm.onData((data) => {
      if (state !== "connected") return;
      // Ctrl from the extra keys' row applies to the next key typed on the phone's keyboard.
      if (ctrlHeld.current && data.length === 1) {
        setCtrl(false);
        ctrlHeld.current = false;
        stream?.input(encoder.encode(withCtrl(data)));
        return;
      }
      stream?.input(encoder.encode(data));
    });
    sendKey.current = (data) => {
      if (state !== "connected") return;
      setCtrl(false);
      ctrlHeld.current = false;
      stream?.input(encoder.encode(data));
      xterm.focus();
    };
    const binary = xterm.onBinary((data) => {
      if (state === "connected") stream?.input(binaryBytes(data));
    });
    const resized = xterm.onResize(({ cols, rows }) => {
      if (state === "connected") port?.json({ type: "tunnelResize", session, cols, rows });
    });
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        try {
          fit.fit();
        } catch {
          // Hidden (zero size): nothing to fit.
        }
      });
    });
    observer.observe(element);

    return () => {
      finish(null, true);
      stopWaiting();
      cancelAnimationFrame(frame);
      observer.disconnect();
      themeWatch.disconnect();
      input.dispose();
      binary.dispose();
      resized.dispose();
      xterm.dispose();
    };
  }, [device, attempt]);

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      <div
        ref={host}
        data-testid="terminal"
        className="min-h-0 flex-1 overflow-hidden rounded-md border bg-card p-2 [&_.xterm]:h-full"
      />
      <ExtraKeys
        ctrl={ctrl}
        onCtrl={setCtrl}
        onKey={(data) => sendKey.current(data)}
        disabled={status.kind !== "connected"}
      />
      <div className="flex min-h-8 flex-wrap items-center justify-between gap-x-4 gap-y-1 text-xs">
        <p role="status" data-testid="terminal-status" className="flex min-w-0 items-center gap-1.5">
          {status.kind === "connecting" && (
            <>
              <LoaderCircleIcon className="size-3.5 shrink-0 animate-spin text-info" aria-hidden="true" />
              <span className="text-muted-foreground" data-testid="terminal-consent">
                {consent?.kind === "waiting"
                  ? t("sessions.waitingConsent", { seconds: consent.seconds })
                  : t("device.terminal.connecting")}
              </span>
            </>
          )}
          {status.kind === "connected" && (
            <>
              <CircleCheckIcon className="size-3.5 shrink-0 text-success" aria-hidden="true" />
              <span>{t("device.terminal.connected")}</span>
              {consent?.kind === "done" && (
                <span className="text-muted-foreground" data-testid="terminal-consent">
                  · {consent.text}
                </span>
              )}
            </>
          )}
          {status.kind === "closed" && (
            <>
              <CircleAlertIcon className="size-3.5 shrink-0 text-warning" aria-hidden="true" />
              <span>{status.reason ?? TUNNEL_TEXT.closed}</span>
            </>
          )}
        </p>
        <div className="flex items-center gap-3">
          {recorded && status.kind !== "closed" && (
            <span
              data-testid="terminal-recorded"
              className="inline-flex items-center gap-1 rounded-full border border-destructive/40 px-2 py-0.5 text-destructive"
            >
              <CircleDotIcon className="size-3" aria-hidden="true" />
              {t("sessions.recorded")}
            </span>
          )}
          <span className="hidden text-muted-foreground sm:inline">{t("device.terminal.hint")}</span>
          {status.kind === "closed" && (
            <Button variant="outline" size="sm" onClick={() => setAttempt((n) => n + 1)}>
              <RotateCwIcon aria-hidden="true" />
              {t("device.terminal.again")}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
