import { storedLang, translate } from "../i18n";
import { recordAlert } from "./alert-history";

/** The spec's Alert model (console.md §3.9). */
export type AlertType = "info" | "success" | "warning" | "error";
export type AlertButton =
  | { type: "screenshot" | "copy" | "link"; text: string; data: string }
  /** A step inside the console (e.g. open a tab of the flyout): `run` is called on click. */
  | { type: "run"; text: string; run: () => void };
export type Alert = {
  type: AlertType;
  message: string;
  /** Stays until closed by hand. */
  constant?: boolean;
  /** Milliseconds; default ALERT_DURATION_MS. */
  duration?: number;
  button?: AlertButton;
  /** Re-using a uuid replaces the alert already shown with it. */
  uuid?: string;
};

export const ALERT_DURATION_MS = 3000;

type ScreenshotHandler = (data: string) => void;
let screenshotHandler: ScreenshotHandler | null = null;

/** The screenshot viewer registers itself here; a screenshot button hands it the image. */
export function setScreenshotHandler(handler: ScreenshotHandler) {
  screenshotHandler = handler;
  return () => {
    if (screenshotHandler === handler) screenshotHandler = null;
  };
}

function runButton(button: AlertButton) {
  const t = (key: Parameters<typeof translate>[1]) => translate(storedLang(), key);
  switch (button.type) {
    case "copy":
      navigator.clipboard.writeText(button.data).then(
        () => showAlert({ type: "success", message: t("alerts.copied") }),
        (error) => console.warn("Clipboard write failed", error),
      );
      return;
    case "link": {
      const tab = window.open(button.data, "_blank");
      if (tab) tab.opener = null;
      else showAlert({ type: "error", message: t("alerts.popupBlocked") });
      return;
    }
    case "screenshot":
      if (screenshotHandler) screenshotHandler(button.data);
      else console.warn("No screenshot viewer is mounted");
      return;
    case "run":
      button.run();
      return;
  }
}

type Sonner = typeof import("sonner");

/*
 * sonner (≈ 9 KB gzip) stays out of every route's first load: the toaster loads at the
 * first alert or the page's first input (components/ui/toaster.tsx), and alerts raised before it
 * is mounted wait for it, in order — none is lost.
 */
let sonner: Sonner | null = null;
const waiting: ((module: Sonner) => void)[] = [];
let wantedListener: (() => void) | null = null;

/** The toaster asks to hear of the first alert that waits for it (then it loads sonner). Returns the cancel. */
export function onAlertWaiting(listener: () => void): () => void {
  wantedListener = listener;
  if (waiting.length) listener();
  return () => {
    if (wantedListener === listener) wantedListener = null;
  };
}

/** Called by the mounted toaster with the sonner module: shows the alerts that waited for it. */
export function toasterReady(module: Sonner) {
  sonner = module;
  for (const run of waiting.splice(0)) run(module);
}

const withSonner = (run: (module: Sonner) => void) => {
  if (sonner) run(sonner);
  else {
    waiting.push(run);
    wantedListener?.();
  }
};

let lastId = 0;

/** Shows an alert; returns its id (the alert's uuid, or a new one) for dismissAlert. */
export function showAlert(alert: Alert): string | number {
  const { button } = alert;
  recordAlert(alert);
  const id = alert.uuid ?? `alert-${++lastId}`;
  withSonner(({ toast }) =>
    toast[alert.type](alert.message, {
      id,
      duration: alert.constant ? Number.POSITIVE_INFINITY : (alert.duration ?? ALERT_DURATION_MS),
      closeButton: alert.constant,
      action: button ? { label: button.text, onClick: () => runButton(button) } : undefined,
    }),
  );
  return id;
}

export function dismissAlert(id?: string | number) {
  withSonner(({ toast }) => toast.dismiss(id));
}
