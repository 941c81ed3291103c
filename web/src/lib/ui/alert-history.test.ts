import { beforeEach, describe, expect, it } from "vitest";
import { ALERT_HISTORY_LIMIT, alertHistory, clearAlertHistory, markAlertsRead, recordAlert } from "./alert-history";

beforeEach(() => clearAlertHistory());

describe("alert history", () => {
  it("keeps the last 100, newest first, and counts the unread", () => {
    for (let i = 0; i < ALERT_HISTORY_LIMIT + 5; i++) recordAlert({ type: "info", message: `m${i}` }, i);
    const { entries, unread } = alertHistory();
    expect(entries).toHaveLength(ALERT_HISTORY_LIMIT);
    expect(entries[0]?.message).toBe(`m${ALERT_HISTORY_LIMIT + 4}`);
    expect(unread).toBe(ALERT_HISTORY_LIMIT);
    markAlertsRead();
    expect(alertHistory().unread).toBe(0);
  });

  it("groups an alert updated in place (same uuid): one entry, moved to the top", () => {
    recordAlert({ type: "info", message: "ZG Kiosk just became online", uuid: "presence:s" }, 1);
    recordAlert({ type: "success", message: "Saved." }, 2);
    recordAlert({ type: "warning", message: "Devices just became online: 1 · went offline: 1", uuid: "presence:s" }, 3);
    const { entries, unread } = alertHistory();
    expect(entries.map((e) => [e.message, e.times])).toEqual([
      ["Devices just became online: 1 · went offline: 1", 2],
      ["Saved.", 1],
    ]);
    expect(unread).toBe(2);
  });
});
