import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import type { Alert } from "./alerts";
import { type TFunction, translate } from "./i18n";
import { applyServerMessage } from "./realtime";

// The session module follows other tabs through `window`; these tests need none of it.
vi.mock("./session", () => ({ freshAccessToken: vi.fn(), getSession: vi.fn() }));

const t: TFunction = (key, vars) => translate("en", key, vars);
const SPACE = "space-1";

function deps() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, "invalidateQueries");
  const alerts: Alert[] = [];
  return { deps: { queryClient, alert: (a: Alert) => alerts.push(a), t }, invalidate, alerts };
}

const device = (event: "deviceOnline" | "deviceOffline" | "deviceInstalled" | "deviceUpdated") =>
  ({
    type: "deviceDetailsUpdate",
    event,
    space_uuid: SPACE,
    device_uuid: "d1",
    device_name: "ZG Kiosk",
  }) as const;

describe("applyServerMessage", () => {
  it("announces presence and installation with the right alert type", () => {
    const { deps: d, alerts } = deps();
    applyServerMessage(device("deviceOnline"), d);
    applyServerMessage(device("deviceOffline"), d);
    applyServerMessage(device("deviceInstalled"), d);
    expect(alerts.map((a) => [a.type, a.message])).toEqual([
      ["info", "ZG Kiosk just became online"],
      ["warning", "ZG Kiosk just went offline"],
      ["info", "ZG Kiosk was installed"],
    ]);
  });

  it("refreshes devices, locations and groups of the event's space only", () => {
    const { deps: d, invalidate, alerts } = deps();
    applyServerMessage(device("deviceOffline"), d);
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual([
      ["space", SPACE, "devices"],
      ["space", SPACE, "locations"],
      ["space", SPACE, "groups"],
    ]);
    invalidate.mockClear();
    applyServerMessage(device("deviceUpdated"), d);
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([["space", SPACE, "devices"]]);
    expect(alerts).toHaveLength(1);
  });

  it("alerts on location presence changes", () => {
    const { deps: d, alerts } = deps();
    applyServerMessage(
      {
        type: "locationDetailsUpdate",
        event: "locationPartiallyOnline",
        space_uuid: SPACE,
        location_uuid: "l1",
        location_name: "Zagreb HQ",
      },
      d,
    );
    expect(alerts).toEqual([expect.objectContaining({ type: "warning", message: "Zagreb HQ is partially online" })]);
  });
});
