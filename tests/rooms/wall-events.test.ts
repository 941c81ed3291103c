import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Telemetry } from "../../contracts/devices/telemetry.ts";
import { recordOffline, recordOnline } from "../../worker/services/devices/presence.ts";
import { recordTelemetry } from "../../worker/services/devices/records.ts";
import { makeDevice, makeLocation, memberOf } from "../factories.ts";
import { join, until } from "../ws.ts";

/** The frames the NOC wall's ticker reads, as a dashboard of the space hears them. */
const deviceEvents = (messages: { type: string }[]) => messages.filter((m) => m.type === "deviceDetailsUpdate");

const report = (billAcceptor: number): Telemetry => ({
  cpu: { status: 0, cores: 4, threads: 8, load1: 0.5, load5: 0.4, load15: 0.3 },
  peripherals: {
    devicesInfo: [
      {
        name: "Bill acceptor",
        type: "bill_acceptor",
        enabled: true,
        combined_status: billAcceptor,
        status: [billAcceptor],
      },
    ],
  },
});

describe("space room frames for the wall", () => {
  it("presence carries the device's location; a peripheral turning critical is announced once", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    const location = await makeLocation(s);
    const device = await makeDevice(s, { name: "Till 4", connected_status: "connected", location_uuid: location.uuid });
    const dash = await join(`/parties/space/${s}`, token);
    await until(() => dash.messages.some((m) => m.type === "welcome"));

    const now = Date.now();
    await recordOnline(env, device.uuid, { now, since: now });
    await recordOffline(env, device.uuid, { lastSeen: now + 1000, since: now });
    await until(() => deviceEvents(dash.messages).length === 2);
    expect(deviceEvents(dash.messages)).toMatchObject([
      { event: "deviceOnline", device_name: "Till 4", data: { location_uuid: location.uuid } },
      { event: "deviceOffline", device_name: "Till 4", data: { location_uuid: location.uuid } },
    ]);

    await recordTelemetry(env, device.uuid, report(2), now);
    await recordTelemetry(env, device.uuid, report(3), now + 60_000);
    // Still critical: no news.
    await recordTelemetry(env, device.uuid, report(3), now + 120_000);
    await until(() => deviceEvents(dash.messages).length === 3);
    await new Promise((r) => setTimeout(r, 200));
    expect(deviceEvents(dash.messages).slice(2)).toEqual([
      {
        type: "deviceDetailsUpdate",
        event: "deviceUpdated",
        space_uuid: s,
        device_uuid: device.uuid,
        device_name: "Till 4",
        data: { location_uuid: location.uuid, critical_peripherals: ["bill_acceptor"] },
      },
    ]);
    dash.ws?.close();
  });
});
