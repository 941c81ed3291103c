import { describe, expect, it } from "vitest";
import { DeviceListQuery } from "../../contracts/devices/schema.ts";
import { MonitoringQuery } from "../../contracts/monitoring/schema.ts";
import { listDevices } from "../../worker/services/devices/list.ts";
import { listMonitoredDevices } from "../../worker/services/monitoring/list.ts";
import { countingContext } from "../d1-counting.ts";
import { makeDevice, makeDisplay, makePeripheral, makeSpace, makeTag, tagDevice } from "../factories.ts";

describe("device list: D1 round trips per page", () => {
  it("a page is one round trip: its rows with their tags, totals and schedules, and a numbered page's count", async () => {
    const space = await makeSpace();
    for (let i = 0; i < 5; i++) await makeDevice(space.space_uuid);
    // The list's default order is -online: the online device is the first page's first row.
    const tagged = await makeDevice(space.space_uuid, { online: true, connected_status: "connected" });
    await tagDevice(tagged, await makeTag(space.space_uuid, "zeta"), await makeTag(space.space_uuid, "alpha"));
    await makePeripheral(tagged);
    await makeDisplay(tagged);
    await makeDisplay(tagged);
    const { counting, ctx } = countingContext(space);
    const url = `http://outpost.test/api/space/${space.space_uuid}/device/items/?page_size=2`;
    const page = (query: Record<string, string>, link = url) =>
      listDevices({ ctx, input: { ...DeviceListQuery.parse({ page_size: "2", ...query }), url: link } });

    const first = await page({});
    expect(first.devices).toHaveLength(2);
    expect(first.objects_count).toBe(6);
    expect(counting.trips()).toBe(1);
    // What the rows' statement carries: tags by name, peripherals + displays.
    expect(first.devices[0]).toMatchObject({ uuid: tagged.uuid, total_number: 3, expected_online: null });
    expect(first.devices[0].tags.map((t) => t.name)).toEqual(["alpha", "zeta"]);
    expect(first.devices[0].tag_uuids).toEqual(first.devices[0].tags.map((t) => t.uuid));
    expect(first.devices[1]).toMatchObject({ tags: [], tag_uuids: [], total_number: 0 });
    // Read past drizzle's row mapping, the booleans are still booleans.
    expect(first.devices[1]).toMatchObject({ online: false, enabled: true, debug_mode: false, demo_mode: false });
    expect(first.devices[0]).toMatchObject({ online: true });

    const before = counting.trips();
    const third = await page({ page: "3" });
    expect(third.devices).toHaveLength(2);
    expect(third.objects_count).toBe(6);
    expect(counting.trips() - before).toBe(1);

    // A page reached by its link's cursor carries the count: its rows alone.
    const next = new URL(first.links.next ?? "");
    const atCursor = counting.trips();
    const second = await page(Object.fromEntries(next.searchParams), next.toString());
    expect(second.devices.map((device) => device.uuid)).not.toContain(first.devices[0].uuid);
    expect(second.objects_count).toBe(6);
    expect(counting.trips() - atCursor).toBe(1);
  });

  it("a monitoring page is one round trip too: its count, rows, tags and totals", async () => {
    const space = await makeSpace();
    const device = await makeDevice(space.space_uuid, {
      connected_status: "connected",
      online: true,
      cpu_condition: 3,
      peripherals_status: [{ device: "Bill acceptor", status: 2 }],
    });
    await tagDevice(device, await makeTag(space.space_uuid, "kiosk"));
    await makePeripheral(device);
    const { counting, ctx } = countingContext(space);
    const url = `http://outpost.test/api/space/${space.space_uuid}/monitoring/device/items/`;
    const page = await listMonitoredDevices({ ctx, input: { ...MonitoringQuery.parse({}), url } });
    expect(counting.trips()).toBe(1);
    expect(page.objects_count).toBe(1);
    expect(page.devices[0]).toMatchObject({
      uuid: device.uuid,
      online: true,
      cpu_condition: 3,
      total_number: 1,
      peripherals_status: [{ device: "Bill acceptor", status: 2 }],
    });
    expect(page.devices[0].tags.map((t) => t.name)).toEqual(["kiosk"]);
  });
});
