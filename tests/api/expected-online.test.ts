import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DeviceDetail } from "../../contracts/devices/detail.ts";
import { DeviceList } from "../../contracts/devices/schema.ts";
import { WEEKDAYS, type Weekday } from "../../contracts/locations/working-time.ts";
import { MonitoringList } from "../../contracts/monitoring/schema.ts";
import { api, makeDevice, makeLocation, makeSpace, makeWorkingTime, memberOf } from "../factories.ts";

// One fixed instant for the test and the routes it calls (they read the clock themselves): a day
// boundary in one of the zones below falling between the test's reading and the route's would fail
// it. Wednesday 12:00 UTC: Tokyo 21:00 Wednesday, Phoenix 05:00 Wednesday, Kiritimati 02:00 Thursday.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.parse("2026-11-25T12:00:00Z"));
});
afterEach(() => {
  vi.useRealTimers();
});

/** Today's weekday on the wall clocks of `timeZone` (read with Intl, apart from the code under test). */
const todayIn = (timeZone: string) =>
  new Date().toLocaleDateString("en-US", { weekday: "long", timeZone }).toLowerCase() as Weekday;
const WHOLE_DAY = [{ start: "00:00:00", end: "23:59:59" }];

const get = async <T>(path: string, token: string, schema: { parse: (v: unknown) => T }) => {
  const res = await api(path, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return schema.parse(await res.json());
};
const byName = (devices: { name: string; expected_online: boolean | null }[]) =>
  Object.fromEntries(devices.map((d) => [d.name, d.expected_online]));

/** An offline, connected device (so it is listed by Monitoring too). */
const offlineAt = (space: string, name: string, location_uuid: string | null) =>
  makeDevice(space, { name, location_uuid, online: false, connected_status: "connected" });

describe("expected_online on listed devices", () => {
  it("is true inside the location's hours, false outside, null without location or schedule", async () => {
    const space = await makeSpace({ timezone: "Europe/Zagreb" });
    const { token } = await memberOf("viewer", space);
    const s = space.space_uuid;
    const own = { global_timezone_enabled: false, global_working_time_enabled: false };
    // Tokyo (+9) and Phoenix (-7, no DST) are on different days for 16 hours of every UTC day.
    const tokyo = await makeLocation(s, { ...own, timezone: "Asia/Tokyo" });
    await makeWorkingTime(s, tokyo.uuid, todayIn("Asia/Tokyo"), WHOLE_DAY);
    const phoenix = await makeLocation(s, { ...own, timezone: "America/Phoenix" });
    for (const day of WEEKDAYS.filter((d) => d !== todayIn("America/Phoenix"))) {
      await makeWorkingTime(s, phoenix.uuid, day, WHOLE_DAY);
    }
    const followsGlobal = await makeLocation(s);
    const ownButEmpty = await makeLocation(s, own);

    // Another space's schedules: its global one, and rows pointing at this space's locations.
    const other = await makeSpace();
    for (const day of WEEKDAYS) {
      await makeWorkingTime(other.space_uuid, null, day, WHOLE_DAY);
      await makeWorkingTime(other.space_uuid, ownButEmpty.uuid, day, WHOLE_DAY);
      await makeWorkingTime(other.space_uuid, phoenix.uuid, day, WHOLE_DAY);
    }

    const inHours = await offlineAt(s, "in-hours", tokyo.uuid);
    await offlineAt(s, "after-hours", phoenix.uuid);
    await offlineAt(s, "global-unset", followsGlobal.uuid);
    await offlineAt(s, "own-unset", ownButEmpty.uuid);
    await offlineAt(s, "nowhere", null);

    const expected = {
      "in-hours": true,
      "after-hours": false,
      "global-unset": null,
      "own-unset": null,
      nowhere: null,
    };
    const list = await get(`/api/space/${s}/device/items/`, token, DeviceList);
    expect(byName(list.devices)).toEqual(expected);
    // Monitoring's list comes through the same page enrichment.
    const monitored = await get(`/api/space/${s}/monitoring/device/items/`, token, MonitoringList);
    expect(byName(monitored.devices)).toEqual(expected);
    const detail = await get(`/api/space/${s}/device/${inHours.uuid}/`, token, DeviceDetail);
    expect(detail.expected_online).toBe(true);
  });

  it("follows the space's global schedule once an Admin saves it, read in the space's timezone", async () => {
    const space = await makeSpace({ timezone: "Pacific/Kiritimati" }); // +14: usually a day ahead of UTC
    const { token } = await memberOf("admin", space);
    const s = space.space_uuid;
    const location = await makeLocation(s);
    await offlineAt(s, "follower", location.uuid);
    const before = await get(`/api/space/${s}/device/items/`, token, DeviceList);
    expect(byName(before.devices)).toEqual({ follower: null });

    const today = `working_time_${todayIn("Pacific/Kiritimati")}`;
    const save = (entries: typeof WHOLE_DAY) =>
      api(`/api/space/${s}/working-time/`, { method: "PATCH", token, json: { [today]: entries } });
    expect((await save(WHOLE_DAY)).status).toBe(200);
    const inside = await get(`/api/space/${s}/device/items/`, token, DeviceList);
    expect(byName(inside.devices)).toEqual({ follower: true });

    expect((await save([])).status).toBe(200); // today becomes a day off
    await makeWorkingTime(s, null, todayIn("Pacific/Kiritimati") === "monday" ? "tuesday" : "monday", WHOLE_DAY);
    const outside = await get(`/api/space/${s}/device/items/`, token, DeviceList);
    expect(byName(outside.devices)).toEqual({ follower: false });
  });
});
