import { toast } from "sonner";
import { recordAlert } from "./alert-history";
import { storedLang, translate } from "./i18n";

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

export function showAlert(alert: Alert): string | number {
  const { button } = alert;
  recordAlert(alert);
  return toast[alert.type](alert.message, {
    id: alert.uuid,
    duration: alert.constant ? Number.POSITIVE_INFINITY : (alert.duration ?? ALERT_DURATION_MS),
    closeButton: alert.constant,
    action: button ? { label: button.text, onClick: () => runButton(button) } : undefined,
  });
}

export function dismissAlert(id?: string | number) {
  toast.dismiss(id);
}
