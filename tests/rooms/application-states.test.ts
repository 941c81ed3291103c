import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ApplicationsReport, AppRunState } from "../../contracts/admin/applications.ts";
import type { Telemetry } from "../../contracts/realtime/events.ts";
import { deviceTable } from "../../drizzle/schema/index.ts";
import { db, makeDevice, makeDeviceCredential, memberOf } from "../factories.ts";
import { join, until } from "../ws.ts";

const app = (state: AppRunState["state"], restarts = 0): AppRunState => ({
  uuid: "app-1",
  name: "Menu",
  state,
  kind: "url",
  supervisor: "child",
  pid: state === "crashed" ? null : 42,
  exit_code: state === "crashed" ? 1 : null,
  signal: null,
  restarts_last_hour: restarts,
  crash_loop: false,
  since: 1,
  restart_at: null,
  error: null,
});

const report = (state: AppRunState["state"], restarts = 0): Telemetry => {
  const applications: ApplicationsReport = {
    allowed: true,
    displays: [
      {
        display: "HDMI-1@DELL",
        display_uuid: "d-1",
        state,
        status: state === "crashed" ? 2 : 0,
        applications: [app(state, restarts)],
      },
    ],
  };
  const status = state === "crashed" ? 2 : 0;
  return {
    cpu: { status: 0, cores: 4, threads: 4, load1: 0.1, load5: 0.1, load15: 0.1 },
    applications,
    peripherals: {
      devicesInfo: [
        { name: "HDMI-1@DELL", type: "display", enabled: true, combined_status: status, status: [0, status] },
      ],
    },
  };
};

describe("applications' states reach the space room", () => {
  it("a start, a crash and a recovery are each announced once; unchanged reports are not", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    const device = await makeDevice(s, { name: "Kiosk 7", connected_status: "connected" });
    const dash = await join(`/parties/space/${s}`, token);
    await until(() => dash.messages.some((m) => m.type === "welcome"));
    const agent = await join(`/parties/device/${device.uuid}`, await makeDeviceCredential(device));
    const updates = () =>
      dash.messages.flatMap((m) =>
        m.type === "deviceDetailsUpdate" && m.event === "deviceUpdated" && m.data?.applications
          ? [{ data: { applications: m.data.applications } }]
          : [],
      );
    const send = (t: Telemetry) => agent.ws?.send(JSON.stringify({ type: "telemetry", telemetry: t }));

    send(report("running"));
    await until(() => updates().length === 1);
    send(report("running"));
    send(report("crashed", 1));
    await until(() => updates().length === 2);
    send(report("running", 1));
    await until(() => updates().length === 3);
    await new Promise((r) => setTimeout(r, 200));
    expect(updates().map((u) => u.data.applications)).toEqual([
      [{ display: "HDMI-1@DELL", display_uuid: "d-1", state: "running", status: 0 }],
      [{ display: "HDMI-1@DELL", display_uuid: "d-1", state: "crashed", status: 2 }],
      [{ display: "HDMI-1@DELL", display_uuid: "d-1", state: "running", status: 0 }],
    ]);
    // Each transition reached D1 (the list's health and latest_telemetry): the last one says running.
    const stored = async () =>
      (await db().select().from(deviceTable).where(eq(deviceTable.uuid, device.uuid)).get())?.latest_telemetry;
    for (let i = 0; i < 50 && (await stored())?.applications?.displays[0].state !== "running"; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await stored())?.applications?.displays[0]).toMatchObject({ state: "running", status: 0 });
    agent.ws?.close();
    dash.ws?.close();
  });
});
