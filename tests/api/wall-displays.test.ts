import { describe, expect, it } from "vitest";
import type { DisplayHealth } from "../../contracts/display-health/schema.ts";
import { WallSummary } from "../../contracts/wall/schema.ts";
import { devicePeripheralConditionTable } from "../../drizzle/schema/index.ts";
import { api, db, makeDevice, makeLocation, makeSpace, memberOf } from "../factories.ts";

const T = Date.UTC(2026, 10, 2, 9, 0, 0);
const health = (display: string, state: DisplayHealth["state"], since: number): DisplayHealth => ({
  display,
  state,
  panel: state === "panel_off_scheduled" ? "off" : "on",
  since,
});

async function screenDevice(
  space: string,
  location: string,
  name: string,
  report: DisplayHealth[],
  condition: 0 | 2 | 3,
  online = true,
) {
  const device = await makeDevice(space, {
    name,
    location_uuid: location,
    connected_status: "connected",
    online,
    latest_telemetry: { display_health: report },
  });
  await db()
    .insert(devicePeripheralConditionTable)
    .values({ space_uuid: space, device_uuid: device.uuid, type: "display", condition });
  return device;
}

describe("the wall's screens in trouble", () => {
  it("lists each display in trouble of online devices, the oldest problem first; captures only for who may see them", async () => {
    const space = await makeSpace();
    const admin = await memberOf("admin", space);
    const viewer = await memberOf("viewer", space);
    const shop = await makeLocation(space.space_uuid, { name: "Harbour shop" });
    const s = space.space_uuid;
    await screenDevice(
      s,
      shop.uuid,
      "Menu board",
      [health("HDMI-1", "frozen", T - 600_000), health("HDMI-2", "showing", T)],
      3,
    );
    await screenDevice(s, shop.uuid, "Queue screen", [health("HDMI-1", "black", T - 3_600_000)], 3);
    await screenDevice(s, shop.uuid, "Kiosk", [health("HDMI-1", "wrong_content", T - 60_000)], 2);
    // Switched off outside working time: the room counted it as nothing, the wall leaves it out.
    await screenDevice(s, shop.uuid, "Window display", [health("HDMI-1", "panel_off_scheduled", T - 7_200_000)], 0);
    // An offline player is listed as offline, not by its last screen.
    await screenDevice(s, shop.uuid, "Lobby", [health("HDMI-1", "black", T - 9_000_000)], 3, false);

    const read = async (token: string) => {
      const res = await api(`/api/space/${s}/wall/`, { token });
      expect(res.status, await res.clone().text()).toBe(200);
      return WallSummary.parse(await res.json()).displays;
    };
    const tiles = await read(admin.token);
    expect(tiles.map((d) => [d.device_name, d.display, d.label, d.severity])).toEqual([
      ["Queue screen", "HDMI-1", "Black or blank", "critical"],
      ["Menu board", "HDMI-1", "Frozen", "critical"],
      ["Kiosk", "HDMI-1", "Wrong content", "warning"],
    ]);
    expect(tiles[0]).toMatchObject({ location_name: "Harbour shop", since: new Date(T - 3_600_000).toISOString() });
    expect(tiles[0]?.capture_url).toMatch(/\/display-captures\/HDMI-1\/latest\.jpg$/);

    expect((await read(viewer.token))[0]?.capture_url).toMatch(/latest\.jpg$/);
    // An Admin turns "Viewers see captures" off: it holds from the next read on (the callers' cache forgets the space).
    const off = await api(`/api/space/${s}/`, {
      method: "PATCH",
      token: admin.token,
      json: { viewers_see_captures: false },
    });
    expect(off.status, await off.clone().text()).toBe(200);
    expect((await read(viewer.token)).map((d) => d.capture_url)).toEqual([null, null, null]);
    expect((await read(admin.token))[0]?.capture_url).not.toBeNull();
    const strip = await api(`/api/space/${s}/device/${tiles[0]?.device_uuid}/display-captures`, {
      token: viewer.token,
    });
    expect(strip.status).toBe(403);
  });
});
