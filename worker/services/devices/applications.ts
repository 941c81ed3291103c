import { eq } from "drizzle-orm";
import { type ApplicationsReport, applicationsSignature } from "../../../contracts/admin/applications.ts";
import type { Telemetry } from "../../../contracts/realtime/events.ts";
import { deviceTable as d } from "../../../drizzle/schema/index.ts";
import type { Env } from "../../env.ts";
import { createDb } from "../../lib/db.ts";
import { applicationSignal } from "../alerting/signal.ts";
import { announceFromRoom } from "./records.ts";

/** Whether a telemetry report changes what the device's applications are doing (a transition). */
export const applicationsChanged = (before: Telemetry | undefined, after: Telemetry) =>
  after.applications !== undefined &&
  applicationsSignature(before?.applications) !== applicationsSignature(after.applications);

/** Each display's state in a few words: what the space's dashboards need to show and count. */
export const applicationsSummary = (report: ApplicationsReport) =>
  report.displays.map((display) => ({
    display: display.display,
    display_uuid: display.display_uuid,
    state: display.state,
    status: display.status,
  }));

/**
 * Tells the space's dashboards that a device's applications changed state (deviceUpdated with
 * `data.applications`), so lists, the wall and an open device view catch up at once. Called by
 * the DeviceRoom on a transition only, never per report.
 */
export async function announceApplications(env: Env, device_uuid: string, report: ApplicationsReport) {
  const db = createDb(env);
  const row = await db
    .select({ space: d.space_uuid, name: d.name, location: d.location_uuid })
    .from(d)
    .where(eq(d.uuid, device_uuid))
    .get();
  if (!row) return;
  // Alert rules on crashed applications hear the device's worst display (3 crash loop, 2 crashed).
  if (row.location) {
    const worst = Math.max(0, ...report.displays.map((display) => display.status));
    const app = worst >= 3 ? "crash_loop" : worst >= 2 ? "crashed" : "ok";
    await applicationSignal(env, { space_uuid: row.space, location_uuid: row.location, device_uuid }, app);
  }
  await announceFromRoom(env, row.space, device_uuid, row.name, {
    event: "deviceUpdated",
    data: {
      applications: applicationsSummary(report),
    },
  });
}
