import type { Alert, AlertType } from "./alerts";

/** Alerts kept for the bell: this session's last 100, newest first. */
export const ALERT_HISTORY_LIMIT = 100;

export type AlertEntry = {
  key: string;
  type: AlertType;
  message: string;
  at: number;
  /** How many times an alert with this uuid was shown (presence chatter updates one toast in place). */
  times: number;
};

type History = { entries: readonly AlertEntry[]; unread: number };

let history: History = { entries: [], unread: 0 };
let serial = 0;
const listeners = new Set<() => void>();

function publish(next: History) {
  history = next;
  for (const listener of listeners) listener();
}

/**
 * Keeps an alert. One that re-uses a uuid (the online/offline counter toast of a space, updated in
 * place) replaces its entry and moves it to the top, so the chatter stays one line.
 */
export function recordAlert(alert: Alert, now = Date.now()) {
  const previous = alert.uuid ? history.entries.find((entry) => entry.key === alert.uuid) : undefined;
  const entry: AlertEntry = {
    key: alert.uuid ?? `alert-${++serial}`,
    type: alert.type,
    message: alert.message,
    at: now,
    times: (previous?.times ?? 0) + 1,
  };
  const rest = previous ? history.entries.filter((e) => e !== previous) : history.entries;
  publish({
    entries: [entry, ...rest].slice(0, ALERT_HISTORY_LIMIT),
    // An incident's toast (uuid `incident:…`) is counted by the server's bell feed, not twice.
    unread:
      previous || alert.uuid?.startsWith("incident:")
        ? history.unread
        : Math.min(history.unread + 1, ALERT_HISTORY_LIMIT),
  });
}

export const markAlertsRead = () => history.unread && publish({ ...history, unread: 0 });
export const clearAlertHistory = () => publish({ entries: [], unread: 0 });

export function subscribeAlertHistory(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const alertHistory = () => history;
