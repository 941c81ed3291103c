import type { Incident, IncidentList } from "@contracts/alerting/schema";
import type { IncidentUpdate } from "@contracts/realtime/events";
import { type InfiniteData, QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type TFunction, translate } from "@/lib/i18n";
import type { Alert } from "@/lib/ui/alerts";
import { incidentQueries } from "./queries";
import { onIncidentUpdate } from "./realtime";

// The session module follows other tabs through `window`; these tests need none of it.
vi.mock("@/lib/session/session", () => ({ freshAccessToken: vi.fn(), getSession: vi.fn() }));

const t: TFunction = (key, vars) => translate("en", key, vars);
const SPACE = "space-1";

const incident = (state: Incident["state"]): Incident => ({
  uuid: "i1",
  rule: { uuid: "r1", name: "Offline", condition: "device_offline" },
  location: { uuid: "l1", name: "Zagreb HQ" },
  state,
  suppressed_reason: null,
  devices: [],
  devices_count: 2,
  peak_devices: 2,
  opened_at: "2026-11-29T10:00:00.000Z",
  acknowledged_by: null,
  acknowledged_at: null,
  resolved_by: null,
  resolved_at: null,
  note: null,
  updated_at: "2026-11-29T10:00:00.000Z",
});
const update = (event: IncidentUpdate["event"], state: Incident["state"]): IncidentUpdate => ({
  type: "incidentUpdate",
  event,
  space_uuid: SPACE,
  incident_uuid: "i1",
  location_uuid: "l1",
  incident: incident(state),
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("onIncidentUpdate", () => {
  it("patches the incident into cached pages at once, refetches the lists once per burst, and toasts an opening", () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    const alerts: Alert[] = [];
    const key = incidentQueries.list(SPACE, {}).queryKey;
    const page: IncidentList = {
      incidents: [incident("open")],
      links: { next: null, previous: null },
      objects_count: 1,
      pages_count: 1,
      active_count: 1,
    };
    queryClient.setQueryData<InfiniteData<IncidentList>>(key, { pages: [page], pageParams: [1] });

    onIncidentUpdate(update("incidentAcknowledged", "acknowledged"), { queryClient, alert: (a) => alerts.push(a), t });
    onIncidentUpdate(update("incidentUpdated", "acknowledged"), { queryClient, alert: (a) => alerts.push(a), t });
    expect(queryClient.getQueryData<InfiniteData<IncidentList>>(key)?.pages[0]?.incidents[0]?.state).toBe(
      "acknowledged",
    );
    expect(alerts).toEqual([]);
    vi.advanceTimersByTime(400);
    expect(invalidate).toHaveBeenCalledTimes(1);

    onIncidentUpdate(update("incidentOpened", "open"), { queryClient, alert: (a) => alerts.push(a), t });
    vi.advanceTimersByTime(1_000);
    expect(alerts).toEqual([
      { type: "warning", uuid: "incident:i1", message: "Incident opened: Offline at Zagreb HQ" },
    ]);
  });

  it("gathers a burst of openings into one toast with a count", () => {
    const queryClient = new QueryClient();
    const alerts: Alert[] = [];
    const deps = { queryClient, alert: (a: Alert) => alerts.push(a), t };
    for (const uuid of ["a", "b", "c"])
      onIncidentUpdate(
        { ...update("incidentOpened", "open"), incident_uuid: uuid, incident: { ...incident("open"), uuid } },
        deps,
      );
    vi.advanceTimersByTime(1_000);
    expect(alerts).toEqual([{ type: "warning", uuid: "incident:burst:space-1", message: "3 incidents opened" }]);
  });
});
