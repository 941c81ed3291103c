import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { MonitoredPeripheralType } from "../../contracts/devices/health.ts";
import type { Telemetry } from "../../contracts/devices/telemetry.ts";
import { MonitoringCounts, MonitoringList } from "../../contracts/monitoring/schema.ts";
import { DEVICE_TYPE_UUID } from "../../contracts/reference.ts";
import type { HealthCode } from "../../drizzle/schema/device.ts";
import { devicePeripheralConditionTable, deviceTable } from "../../drizzle/schema/index.ts";
import { recordTelemetry } from "../../worker/services/devices/records.ts";
import { api, db, errorsOf, makeDevice, makeLocation, memberOf, uid } from "../factories.ts";

/** A connected device with the given condition columns and peripheral-type rows, written directly. */
async function monitored(
  space: string,
  conditions: Partial<typeof deviceTable.$inferInsert> = {},
  peripherals: Partial<Record<MonitoredPeripheralType, HealthCode>> = {},
) {
  const device = await makeDevice(space, { connected_status: "connected", ...conditions });
  const rows = Object.entries(peripherals).map(([type, condition]) => ({
    space_uuid: space,
    device_uuid: device.uuid,
    type: type as MonitoredPeripheralType,
    condition: condition as HealthCode,
  }));
  if (rows.length) await db().insert(devicePeripheralConditionTable).values(rows);
  return device;
}

const get = async (path: string, token: string) => {
  const res = await api(path, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return res;
};
const counts = async (space: string, query: string, token: string) =>
  MonitoringCounts.parse(await (await get(`/api/space/${space}/monitoring/counts/?${query}`, token)).json());
const list = async (space: string, query: string, token: string) =>
  MonitoringList.parse(await (await get(`/api/space/${space}/monitoring/device/items/?${query}`, token)).json());
const names = (body: MonitoringList) => body.devices.map((d) => d.name);
const heading = (c: MonitoringCounts, key: string) => c.headings.find((h) => h.key === key);
const peripheral = (c: MonitoringCounts, type: string) => c.peripherals.find((p) => p.type === type);

/**
 * The hand-counted fleet: A (cpu 3, ram 2, bill acceptor 3, at L1, Linux), B (cpu 2, thermal 2,
 * at L2), C (healthy, bill acceptor 2, card reader 0), D (no data), E (disconnected, critical:
 * not monitored), and a critical device of another space.
 */
async function fleet() {
  const member = await memberOf("viewer");
  const s = member.space.space_uuid;
  const [l1, l2] = [await makeLocation(s), await makeLocation(s)];
  const a = await monitored(
    s,
    {
      name: "A kiosk",
      location_uuid: l1.uuid,
      device_type_uuid: DEVICE_TYPE_UUID.linux,
      cpu_condition: 3,
      ram_condition: 2,
      uptime_condition: 0,
      peripherals_condition: 3,
      combined_status: 3,
    },
    { bill_acceptor: 3 },
  );
  const b = await monitored(s, {
    name: "B till",
    location_uuid: l2.uuid,
    cpu_condition: 2,
    thermal_condition: 2,
    combined_status: 2,
  });
  const c = await monitored(
    s,
    { name: "C screen", location_uuid: l2.uuid, cpu_condition: 0, peripherals_condition: 2, combined_status: 2 },
    { bill_acceptor: 2, card_reader: 0 },
  );
  const d = await monitored(s, { name: "D new" });
  await monitored(
    s,
    { name: "E gone", connected_status: "disconnected", cpu_condition: 3, combined_status: 3 },
    { bill_acceptor: 3 },
  );
  const other = await makeDevice((await memberOf("admin")).space.space_uuid, {
    connected_status: "connected",
    cpu_condition: 3,
    combined_status: 3,
  });
  return { ...member, s, l1, l2, a, b, c, d, other };
}

describe("GET /api/space/{space}/monitoring/counts/", () => {
  it("counts devices at warning and critical per heading, per peripheral type and in all (connected only)", async () => {
    const { s, token } = await fleet();
    const all = await counts(s, "", token);
    expect(all.devices).toEqual({ total: 4, warning: 2, critical: 1 });
    expect(heading(all, "cpu")).toEqual({ key: "cpu", warning: 1, critical: 1 });
    expect(heading(all, "ram")).toEqual({ key: "ram", warning: 1, critical: 0 });
    expect(heading(all, "thermal")).toEqual({ key: "thermal", warning: 1, critical: 0 });
    expect(heading(all, "uptime")).toEqual({ key: "uptime", warning: 0, critical: 0 });
    expect(all.headings.map((h) => h.key)).toEqual([
      "cpu",
      "thermal",
      "uptime",
      "ram",
      "storage",
      "disk_health",
      "gpu",
      "network",
    ]);
    expect(peripheral(all, "bill_acceptor")).toEqual({ type: "bill_acceptor", warning: 1, critical: 1 });
    expect(peripheral(all, "card_reader")).toEqual({ type: "card_reader", warning: 0, critical: 0 });
    expect(all.peripherals).toHaveLength(7);
  });

  it("narrows to the device's own headings (top) or its peripherals (bottom)", async () => {
    const { s, token } = await fleet();
    const top = await counts(s, "domain=top", token);
    // A's own worst is 3 (cpu), B's 2, C's 0: C's bill acceptor no longer makes it a warning.
    expect(top.devices).toEqual({ total: 4, warning: 1, critical: 1 });
    expect(heading(top, "cpu")).toEqual({ key: "cpu", warning: 1, critical: 1 });
    expect(top.peripherals.every((p) => p.warning === 0 && p.critical === 0)).toBe(true);
    const bottom = await counts(s, "domain=bottom", token);
    expect(bottom.devices).toEqual({ total: 4, warning: 1, critical: 1 });
    expect(bottom.headings.every((h) => h.warning === 0 && h.critical === 0)).toBe(true);
    expect(peripheral(bottom, "bill_acceptor")).toEqual({ type: "bill_acceptor", warning: 1, critical: 1 });
  });

  it("applies every filter of the monitoring set", async () => {
    const { s, token, l1, l2 } = await fleet();
    const atL2 = await counts(s, `location_uuid=${l2.uuid}`, token);
    expect(atL2.devices).toEqual({ total: 2, warning: 2, critical: 0 });
    expect(peripheral(atL2, "bill_acceptor")).toEqual({ type: "bill_acceptor", warning: 1, critical: 0 });
    expect((await counts(s, `location_uuid=${l1.uuid}`, token)).devices).toEqual({ total: 1, warning: 0, critical: 1 });
    const linux = await counts(s, `device_type_uuid=${DEVICE_TYPE_UUID.linux}`, token);
    expect(linux.devices).toEqual({ total: 1, warning: 0, critical: 1 });
    expect(heading(linux, "ram")?.warning).toBe(1);
    expect((await counts(s, "name=till", token)).devices).toEqual({ total: 1, warning: 1, critical: 0 });
    expect((await counts(s, "combined_status=2", token)).devices).toEqual({ total: 2, warning: 2, critical: 0 });
    const cpuCritical = await counts(s, "heading=cpu&condition=3", token);
    expect(cpuCritical.devices).toEqual({ total: 1, warning: 0, critical: 1 });
    expect(peripheral(cpuCritical, "bill_acceptor")).toEqual({ type: "bill_acceptor", warning: 0, critical: 1 });
    const billWarning = await counts(s, "heading=bill_acceptor&condition=2", token);
    expect(billWarning.devices).toEqual({ total: 1, warning: 1, critical: 0 });
    expect(heading(billWarning, "cpu")).toEqual({ key: "cpu", warning: 0, critical: 0 });
  });
});

describe("GET /api/space/{space}/monitoring/device/items/", () => {
  it("lists connected devices problems first with conditions, and filters", async () => {
    const { s, token, l2 } = await fleet();
    const all = await list(s, "", token);
    expect(names(all)).toEqual(["A kiosk", "B till", "C screen", "D new"]);
    expect(all.objects_count).toBe(4);
    expect(all.devices[0]).toMatchObject({
      cpu_condition: 3,
      ram_condition: 2,
      combined_status: 3,
      space_name: expect.any(String),
    });
    expect(names(await list(s, "heading=cpu&condition=3", token))).toEqual(["A kiosk"]);
    expect(names(await list(s, "heading=cpu&condition=2", token))).toEqual(["B till"]);
    expect(names(await list(s, "heading=bill_acceptor&condition=2", token))).toEqual(["C screen"]);
    expect(names(await list(s, "heading=bill_acceptor", token))).toEqual(["A kiosk", "C screen"]);
    expect(names(await list(s, "combined_status=2", token))).toEqual(["B till", "C screen"]);
    expect(names(await list(s, "combined_status=2&domain=top", token))).toEqual(["B till"]);
    expect(names(await list(s, "combined_status=0&domain=top", token))).toEqual(["C screen"]);
    expect(names(await list(s, "combined_status=3&domain=bottom", token))).toEqual(["A kiosk"]);
    expect(names(await list(s, `location_uuid=${l2.uuid}`, token))).toEqual(["B till", "C screen"]);
    expect(names(await list(s, "name=NEW", token))).toEqual(["D new"]);
    expect(names(await list(s, `device_type_uuid=${DEVICE_TYPE_UUID.linux}`, token))).toEqual(["A kiosk"]);
    // domain=bottom orders by the peripherals' status: C (2) before B (no peripheral data).
    expect(names(await list(s, "domain=bottom", token))).toEqual(["A kiosk", "C screen", "B till", "D new"]);
  });

  it("pages 36 at a time with a next link carrying the page number", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    const codes: (HealthCode | null)[] = [3, 2, 1, 0, null];
    for (let i = 0; i < 40; i++) {
      const code = codes[i % 5];
      await monitored(s, { name: `Dev ${String(i).padStart(2, "0")}`, combined_status: code, cpu_condition: code });
    }
    const first = await list(s, "", token);
    expect(first.devices).toHaveLength(36);
    expect(first.objects_count).toBe(40);
    expect(first.pages_count).toBe(2);
    const statuses = first.devices.map((d) => d.combined_status);
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(3));
    expect(statuses.slice(-4)).toEqual(Array(4).fill(null));
    expect(first.devices.slice(0, 8).map((d) => d.name)).toEqual(
      ["00", "05", "10", "15", "20", "25", "30", "35"].map((n) => `Dev ${n}`),
    );
    const next = new URL(first.links.next ?? "");
    expect(next.pathname).toBe(`/api/space/${s}/monitoring/device/items/`);
    expect(next.searchParams.get("page")).toBe("2");
    const second = MonitoringList.parse(await (await get(next.pathname + next.search, token)).json());
    expect(second.devices).toHaveLength(4);
    expect(second.links.next).toBeNull();
    expect(new Set([...first.devices, ...second.devices].map((d) => d.uuid)).size).toBe(40);
  });

  it("lets a Viewer read, refuses no token (401) and another space's member (403)", async () => {
    const a = await memberOf("viewer");
    const b = await memberOf("admin");
    for (const path of ["monitoring/device/items/", "monitoring/counts/"]) {
      const url = `/api/space/${a.space.space_uuid}/${path}`;
      expect((await api(url, { token: a.token })).status).toBe(200);
      expect((await api(url)).status).toBe(401);
      expect((await api(url, { token: b.token })).status).toBe(403);
    }
  });

  it("refuses bad parameters with field messages", async () => {
    const { space, token } = await memberOf("viewer");
    for (const path of ["monitoring/device/items/", "monitoring/counts/"]) {
      const bad = await api(
        `/api/space/${space.space_uuid}/${path}?combined_status=7&domain=middle&heading=fan&condition=1`,
        { token },
      );
      expect(bad.status).toBe(400);
      expect(await errorsOf(bad)).toMatchObject({
        combined_status: ["Too big: expected number to be <=3"],
        domain: ["Select a valid choice. middle is not one of the available choices."],
        heading: ["Select a valid choice. fan is not one of the available choices."],
        condition: ["Select a valid choice: 2 (warning) or 3 (critical)."],
      });
      const alone = await api(`/api/space/${space.space_uuid}/${path}?condition=3`, { token });
      expect(alone.status).toBe(400);
      expect(await errorsOf(alone)).toEqual({ heading: ["Select a heading to filter by its condition."] });
    }
    const paging = await api(`/api/space/${space.space_uuid}/monitoring/device/items/?page_size=0`, { token });
    expect(await errorsOf(paging)).toEqual({ page_size: ["Ensure this value is greater than or equal to 1."] });
  });
});

const telemetry = (overrides: Partial<Telemetry> = {}): Telemetry => ({
  cpu: { status: 0, cores: 4, threads: 8, load1: 0.5, load5: 0.4, load15: 0.3 },
  uptime: { status: 0, uptime: 3600, idle: 1000 },
  ram: { status: 2, total: 8e9, free: 0.8e9, swap_total: 0, swap_free: 0 },
  storage: { status: 0, partitions: [{ name: "/", size: 1e11, free: 5e10 }] },
  thermal: { status: 2, cpu_temperature: 84.5 },
  network: { status: 0, devices: [{ name: "eth0", rx_bytes: 10, tx_bytes: 20, up: true }] },
  ...overrides,
});
const peripheralInfo = (name: string, type: string, combined_status: number) => ({
  name,
  type,
  enabled: true,
  combined_status,
  status: [combined_status],
});
const storedDevice = (uuid: string) => db().select().from(deviceTable).where(eq(deviceTable.uuid, uuid)).get();
const storedTypes = (uuid: string) =>
  db()
    .select({ type: devicePeripheralConditionTable.type, condition: devicePeripheralConditionTable.condition })
    .from(devicePeripheralConditionTable)
    .where(eq(devicePeripheralConditionTable.device_uuid, uuid))
    .orderBy(devicePeripheralConditionTable.type)
    .all();

describe("recordTelemetry → conditions", () => {
  it("derives every heading, leaves unreported ones null, and a critical USB camera makes the device critical", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    const device = await makeDevice(s, { connected_status: "connected", updated_at: "2026-01-01T00:00:00.000Z" });
    const report = telemetry({
      peripherals: {
        devicesInfo: [
          peripheralInfo("USB camera", "usb_camera", 3),
          peripheralInfo("Bill acceptor 1", "bill_acceptor", 0),
          peripheralInfo("Bill acceptor 2", "bill_acceptor", 2),
          peripheralInfo("Printer", "pos_printer", 0),
        ],
      },
    });
    await recordTelemetry(env, device.uuid, report, Date.parse("2026-11-23T10:00:00Z"));
    const row = await storedDevice(device.uuid);
    expect(row).toMatchObject({
      cpu_condition: 0,
      uptime_condition: 0,
      ram_condition: 2,
      storage_condition: 0,
      thermal_condition: 2,
      thermal_status: "hot",
      cpu_temperature: 84.5,
      network_condition: 0,
      network_status: "connected",
      disk_health_condition: null,
      gpu_condition: null,
      peripherals_condition: 3,
      combined_status: 3,
      telemetry_updated_at: "2026-11-23T10:00:00.000Z",
      // A report is not an edit.
      updated_at: "2026-01-01T00:00:00.000Z",
    });
    expect(row?.peripherals_status).toEqual([
      { device: "USB camera", type: "usb_camera", status: 3 },
      { device: "Bill acceptor 1", type: "bill_acceptor", status: 0 },
      { device: "Bill acceptor 2", type: "bill_acceptor", status: 2 },
      { device: "Printer", type: "pos_printer", status: 0 },
    ]);
    // The camera is not a monitored type: only the worst bill acceptor and the printer get rows.
    expect(await storedTypes(device.uuid)).toEqual([
      { type: "bill_acceptor", condition: 2 },
      { type: "pos_printer", condition: 0 },
    ]);
    const c = await counts(s, "", token);
    expect(c.devices).toEqual({ total: 1, warning: 0, critical: 1 });
    expect(heading(c, "ram")?.warning).toBe(1);
    expect(heading(c, "thermal")?.warning).toBe(1);
    expect(peripheral(c, "bill_acceptor")).toEqual({ type: "bill_acceptor", warning: 1, critical: 0 });
    expect(names(await list(s, "heading=bill_acceptor&condition=2", token))).toEqual([device.name]);
    expect((await counts(s, "domain=top", token)).devices).toEqual({ total: 1, warning: 1, critical: 0 });
  });

  it("grades GPU, disk health and network, rewrites the peripheral rows only when they change", async () => {
    const { space } = await memberOf("viewer");
    const device = await makeDevice(space.space_uuid, { connected_status: "connected" });
    const withBill = telemetry({
      gpu: { status: 3, utilization: 99, devices: [] },
      disk_health: { status: 2, source: "smart", drives: [] },
      network: { status: 3, devices: [] },
      peripherals: { devicesInfo: [peripheralInfo("Bill", "bill_acceptor", 3)] },
    });
    await recordTelemetry(env, device.uuid, withBill, Date.now());
    expect(await storedDevice(device.uuid)).toMatchObject({
      gpu_condition: 3,
      disk_health_condition: 2,
      network_condition: 3,
      network_status: "down",
      combined_status: 3,
    });
    const [first] = await env.DB.prepare("select rowid from device_peripheral_condition where device_uuid = ?")
      .bind(device.uuid)
      .raw();
    // Another row after it: a rewrite could not get the same rowid back.
    await monitored(space.space_uuid, {}, { pos_printer: 0 });
    await recordTelemetry(env, device.uuid, withBill, Date.now());
    const [same] = await env.DB.prepare("select rowid from device_peripheral_condition where device_uuid = ?")
      .bind(device.uuid)
      .raw();
    expect(same).toEqual(first); // unchanged: not rewritten
    // Same count, another condition; then same count, another type: both are rewritten.
    const report = (type: string, status: HealthCode) =>
      telemetry({ peripherals: { devicesInfo: [peripheralInfo("P", type, status)] } });
    await recordTelemetry(env, device.uuid, report("bill_acceptor", 2), Date.now());
    expect(await storedTypes(device.uuid)).toEqual([{ type: "bill_acceptor", condition: 2 }]);
    await recordTelemetry(env, device.uuid, report("pos_printer", 2), Date.now());
    expect(await storedTypes(device.uuid)).toEqual([{ type: "pos_printer", condition: 2 }]);
    expect(await storedDevice(device.uuid)).toMatchObject({ peripherals_condition: 2 });
    // Nothing reported: every heading is null (no data), the peripheral rows go.
    await recordTelemetry(env, device.uuid, {}, Date.now());
    expect(await storedDevice(device.uuid)).toMatchObject({
      cpu_condition: null,
      gpu_condition: null,
      thermal_status: null,
      peripherals_condition: null,
      combined_status: null,
      peripherals_status: [],
    });
    expect(await storedTypes(device.uuid)).toEqual([]);
    await recordTelemetry(env, uid(), withBill, Date.now()); // an unknown device: nothing happens
  });
});
