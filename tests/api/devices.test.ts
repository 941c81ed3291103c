import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DeviceAuditList, DeviceAvailability, DeviceDetail } from "../../contracts/devices/detail.ts";
import {
  DeviceCategoryList,
  DeviceCategoryTypeList,
  DeviceList,
  DeviceTypeList,
} from "../../contracts/devices/schema.ts";
import { ApiErrorBody } from "../../contracts/http/errors.ts";
import { CameraList } from "../../contracts/locations/assets.ts";
import { DEVICE_CATEGORY_UUID, DEVICE_TYPE_UUID, PERIPHERAL_TYPE_UUID } from "../../contracts/reference.ts";
import { deviceOutageTable, deviceTable, deviceTagTable, installationCodeTable } from "../../drizzle/schema/index.ts";
import { getDeviceAvailability } from "../../worker/services/devices/history.ts";
import { countingContext } from "../d1-counting.ts";
import {
  api,
  auditOf,
  db,
  errorsOf,
  makeCamera,
  makeDevice,
  makeDisplay,
  makeDisplayApplication,
  makeLocation,
  makePeripheral,
  makeTag,
  memberOf,
  outsiderStatuses,
  tagDevice,
  uid,
} from "../factories.ts";

const stored = (uuid: string) => db().select().from(deviceTable).where(eq(deviceTable.uuid, uuid)).get();
const list = async (path: string, token: string) => {
  const res = await api(path, { token });
  expect(res.status).toBe(200);
  return DeviceList.parse(await res.json());
};

afterEach(() => {
  vi.useRealTimers();
});
describe("GET /api/space/{space}/device/items/", () => {
  it("lists the space's devices with derived fields, -online first, 36 per page", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    const location = await makeLocation(s, { name: "Shop A" });
    const tag = await makeTag(s, "lobby");
    const online = await makeDevice(s, {
      name: "Kiosk 1",
      online: true,
      connected_status: "connected",
      location_uuid: location.uuid,
      device_type_uuid: DEVICE_TYPE_UUID.linux,
      device_category_uuid: DEVICE_CATEGORY_UUID.computer,
      device_class: "kiosk",
    });
    await tagDevice(online, tag);
    await makePeripheral(online);
    await makeDisplay(online);
    const offline = await makeDevice(s, { name: "Kiosk 2" });
    await makeDevice((await memberOf("viewer")).space.space_uuid, { name: "Elsewhere" });

    const body = await list(`/api/space/${s}/device/items/`, token);
    expect(body.objects_count).toBe(2);
    expect(body.pages_count).toBe(1);
    expect(body.links).toEqual({ next: null, previous: null });
    expect(body.devices.map((d) => d.uuid)).toEqual([online.uuid, offline.uuid]);
    expect(body.devices[0]).toMatchObject({
      space_name: space.space_name,
      device_type_name: "Linux Computer",
      device_type_shorthand: "LNX",
      device_category_name: "Computer",
      device_class: "kiosk",
      location_name: "Shop A",
      tags: [{ uuid: tag.uuid, name: "lobby" }],
      tag_uuids: [tag.uuid],
      total_number: 2,
      vision_enabled: "disabled",
    });
    expect(body.devices[1]).toMatchObject({ device_type_name: "Unknown", location_name: null, total_number: 0 });
  });

  it("filters by every filter of the devices filter set", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    const location = await makeLocation(s);
    const tag = await makeTag(s);
    const a = await makeDevice(s, {
      name: "Alpha register",
      description: "by the door",
      machine_id: "mach-42",
      location_uuid: location.uuid,
      device_type_uuid: DEVICE_TYPE_UUID.windows,
      connected_status: "connected",
      online: true,
      enabled: false,
      vision_enabled: "enabled",
    });
    await tagDevice(a, tag);
    const b = await makeDevice(s, { name: "Beta 100%_x" });
    const q = async (query: string) =>
      (await list(`/api/space/${s}/device/items/?${query}`, token)).devices.map((d) => d.uuid);
    expect(await q("search=register")).toEqual([a.uuid]);
    expect(await q("search=REGISTER")).toEqual([a.uuid]);
    expect(await q("search=door")).toEqual([a.uuid]); // the description is searched
    expect(await q("search=mach-42")).toEqual([a.uuid]);
    expect(await q(`search=${b.uuid.toUpperCase()}`)).toEqual([b.uuid]);
    expect(await q("search=100%25_")).toEqual([b.uuid]);
    expect(await q("search=0%25")).toEqual([b.uuid]);
    expect(await q(`location_uuid=${location.uuid}`)).toEqual([a.uuid]);
    expect(await q(`device_type_uuid=${DEVICE_TYPE_UUID.windows}`)).toEqual([a.uuid]);
    expect(await q("connected_status=non_connected")).toEqual([b.uuid]);
    expect(await q("online=true")).toEqual([a.uuid]);
    expect(await q("online=False")).toEqual([b.uuid]);
    expect(await q("enabled=false")).toEqual([a.uuid]);
    expect(await q("vision_enabled=enabled")).toEqual([a.uuid]);
    expect(await q("vision_enabled=true")).toEqual([a.uuid]);
    expect(await q(`tag_uuid=${tag.uuid}`)).toEqual([a.uuid]);
    expect(await q("name=beta")).toEqual([b.uuid]);
    const counted = await list(`/api/space/${s}/device/items/?online=false&page_size=1`, token);
    expect(counted.objects_count).toBe(1);
  });

  it("orders by each sort key both ways with uuid as tiebreaker, nulls of installation_date last descending", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    const early = await makeDevice(s, {
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-03-01T00:00:00.000Z",
      installation_date: "2026-02-01T00:00:00.000Z",
    });
    const late = await makeDevice(s, {
      created_at: "2026-01-02T00:00:00.000Z",
      updated_at: "2026-02-01T00:00:00.000Z",
      installation_date: null,
    });
    const order = async (ordering: string) =>
      (await list(`/api/space/${s}/device/items/?ordering=${ordering}`, token)).devices.map((d) => d.uuid);
    expect(await order("created_at")).toEqual([early.uuid, late.uuid]);
    expect(await order("-created_at")).toEqual([late.uuid, early.uuid]);
    expect(await order("-updated_at")).toEqual([early.uuid, late.uuid]);
    expect(await order("-installation_date")).toEqual([early.uuid, late.uuid]);
    expect(await order("installation_date")).toEqual([late.uuid, early.uuid]);
    const tie = [early.uuid, late.uuid].sort();
    expect(await order("online")).toEqual(tie);
    expect(await order("-online")).toEqual([...tie].reverse());
  });

  it("pages by number and by cursor without duplicates or gaps, in every ordering, with or without a location", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    const location = await makeLocation(s);
    for (let i = 0; i < 23; i++) {
      await makeDevice(s, {
        online: i % 3 === 0,
        installation_date: i % 4 === 0 ? null : `2026-01-${String((i % 7) + 1).padStart(2, "0")}T00:00:00.000Z`,
        location_uuid: i < 18 ? location.uuid : null,
      });
    }
    const cases = [
      { filter: "", total: 23, pages: 5 },
      { filter: `&location_uuid=${location.uuid}`, total: 18, pages: 4 },
    ];
    for (const { filter, total, pages } of cases) {
      for (const ordering of ["-online", "online", "-installation_date", "installation_date", "created_at"]) {
        const query = `/api/space/${s}/device/items/?ordering=${ordering}&page_size=5${filter}`;
        const byNumber: string[] = [];
        for (let page = 1; page <= pages; page++) {
          const body = await list(`${query}&page=${page}`, token);
          byNumber.push(...body.devices.map((d) => d.uuid));
          expect(body.pages_count).toBe(pages);
        }
        expect(new Set(byNumber).size).toBe(total);

        // Follow links.next (keyset) to the end, then links.previous back to the start.
        const forward: string[][] = [];
        let body = await list(query, token);
        for (;;) {
          forward.push(body.devices.map((d) => d.uuid));
          const next = body.links.next;
          if (!next) break;
          expect(new URL(next).searchParams.get("cursor")).toBeTruthy();
          body = await list(new URL(next).pathname + new URL(next).search, token);
        }
        expect(forward.flat()).toEqual(byNumber);
        expect(new URL(body.links.previous ?? "").searchParams.get("page")).toBe(String(pages - 1));
        const backward: string[][] = [forward.at(-1) ?? []];
        while (body.links.previous) {
          const prev = new URL(body.links.previous);
          body = await list(prev.pathname + prev.search, token);
          backward.unshift(body.devices.map((d) => d.uuid));
        }
        expect(backward).toEqual(forward);
      }
    }
  });

  it("keeps keyset pages stable while rows are added in front", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    for (let i = 0; i < 6; i++) await makeDevice(s, { online: false });
    const first = await list(`/api/space/${s}/device/items/?page_size=3`, token);
    await makeDevice(s, { online: true });
    const next = new URL(first.links.next ?? "");
    const second = await list(next.pathname + next.search, token);
    expect(second.devices).toHaveLength(3);
    expect(second.devices.some((d) => first.devices.some((f) => f.uuid === d.uuid))).toBe(false);
  });

  it("answers the same with many matches (the set filter is probed while walking the index)", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    const tag = await makeTag(s);
    await env.DB.prepare(
      `with recursive n(i) as (select 0 union all select i + 1 from n where i < 2099)
       insert into device (uuid, space_uuid, name, online) select lower(hex(randomblob(16))), ?, 'Bulk ' || i, i % 2 from n`,
    )
      .bind(s)
      .run();
    await env.DB.prepare(
      "insert into device_tag (device_uuid, tag_uuid, space_uuid) select uuid, ?, ? from device where space_uuid = ?",
    )
      .bind(tag.uuid, s, s)
      .run();
    const plain = await list(`/api/space/${s}/device/items/?page_size=50`, token);
    for (const filter of ["search=bulk", "name=Bulk", `tag_uuid=${tag.uuid}`]) {
      const body = await list(`/api/space/${s}/device/items/?page_size=50&${filter}`, token);
      expect(body.objects_count).toBe(2100);
      expect(body.devices.map((d) => d.uuid)).toEqual(plain.devices.map((d) => d.uuid));
      const next = new URL(body.links.next ?? "");
      const second = await list(next.pathname + next.search, token);
      expect(
        second.devices[0].uuid < body.devices[49].uuid || second.devices[0].online !== body.devices[49].online,
      ).toBe(true);
    }
  });

  it("validates the query and the cursor", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    const bad = await api(`/api/space/${s}/device/items/?ordering=tags&online=maybe&page_size=0`, { token });
    expect(bad.status).toBe(400);
    expect(await errorsOf(bad)).toMatchObject({
      ordering: ['"tags" is not a valid choice.'],
      online: ["Must be a valid boolean."],
      page_size: ["Ensure this value is greater than or equal to 1."],
    });
    const cursor = await api(`/api/space/${s}/device/items/?cursor=garbage`, { token });
    expect(await errorsOf(cursor)).toEqual({ cursor: ["Invalid cursor."] });
    await makeDevice(s);
    await makeDevice(s);
    const page = await list(`/api/space/${s}/device/items/?page_size=1`, token);
    const other = new URL(page.links.next ?? "");
    other.searchParams.set("ordering", "created_at");
    const mismatch = await api(other.pathname + other.search, { token });
    expect(await errorsOf(mismatch)).toEqual({ cursor: ["Invalid cursor."] });
  });

  it("needs a token and membership", async () => {
    expect(await outsiderStatuses((s) => `/api/space/${s}/device/items/`)).toEqual([401, 403]);
  });
});

describe("GET /api/space/{space}/asset/items/ and …/export/", () => {
  it("lists by name and exports the filtered list as devices_export.csv", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    const tag = await makeTag(s, "vip");
    const a = await makeDevice(s, { name: "=Cash desk, east" });
    await tagDevice(a, tag);
    await makeDevice(s, { name: "Screen" });
    const named = await list(`/api/space/${s}/asset/items/?name=cash&ordering=-created_at`, token);
    expect(named.devices.map((d) => d.uuid)).toEqual([a.uuid]);
    const res = await api(`/api/space/${s}/asset/items/export/?search=cash`, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="devices_export.csv"');
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toMatch(/^name,uuid,description,device_type/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=Cash desk, east",${a.uuid}`);
    expect(lines[1]).toContain(",vip,");
  });

  it("exports every row across keyset batches", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    await env.DB.prepare(
      `with recursive n(i) as (select 0 union all select i + 1 from n where i < 519)
       insert into device (uuid, space_uuid, name) select lower(hex(randomblob(16))), ?, 'Bulk ' || i from n`,
    )
      .bind(s)
      .run();
    const res = await api(`/api/space/${s}/asset/items/export/?ordering=-created_at`, { token });
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines).toHaveLength(521);
    expect(new Set(lines.slice(1).map((l) => l.split(",")[1])).size).toBe(520);
  });
});

describe("reference lists and cameras", () => {
  it("lists device types, categories and categories with their types", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    const types = DeviceTypeList.parse(await (await api(`/api/space/${s}/device-type/items/`, { token })).json());
    expect(types.device_types.map((t) => t.shorthand)).toEqual(["LNX", "WIN", "RPI", "ATV", "CAM", "UNK"]);
    const categories = DeviceCategoryList.parse(
      await (await api(`/api/space/${s}/device-category/items/`, { token })).json(),
    );
    expect(categories.device_categories).toHaveLength(5);
    const both = DeviceCategoryTypeList.parse(
      await (await api(`/api/space/${s}/device/category-type/items/`, { token })).json(),
    );
    expect(both.device_categories[0]).toMatchObject({
      name: "Computer",
      device_types: [{ name: "Linux Computer" }, { name: "Windows Computer" }],
    });
  });

  it("lists the space's cameras without passwords, optionally by location", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    const [l1, l2] = [await makeLocation(s), await makeLocation(s)];
    const device = await makeDevice(s, { device_type_uuid: DEVICE_TYPE_UUID.camera, online: true });
    const c1 = await makeCamera(l1, { device_uuid: device.uuid, name: "A" });
    const c2 = await makeCamera(l2, { name: "B" });
    await makeCamera(await makeLocation((await memberOf("viewer")).space.space_uuid));
    const res = await api(`/api/space/${s}/camera/items/`, { token });
    const text = await res.text();
    expect(text).not.toContain("secret-password");
    const body = CameraList.parse(JSON.parse(text));
    expect(body.cameras.map((c) => c.uuid)).toEqual([c1.uuid, c2.uuid]);
    expect(body.cameras[0].online).toBe(true);
    const one = CameraList.parse(
      await (await api(`/api/space/${s}/camera/items/?location_uuid=${l2.uuid}`, { token })).json(),
    );
    expect(one.cameras.map((c) => c.uuid)).toEqual([c2.uuid]);
  });
});

describe("GET /api/space/{space}/device/{uuid}/ and /camera/{uuid}/", () => {
  it("returns every detail field with peripherals, displays and the current code's expiry", async () => {
    const { space, token, user } = await memberOf("viewer");
    const s = space.space_uuid;
    const device = await makeDevice(s, {
      name: "Till",
      created_by_user_uuid: user.uuid,
      connected_status: "connected",
      local_ip_addresses: ["10.0.0.2"],
      mac_addresses: ["aa:bb:cc:dd:ee:ff"],
      graphic_cards: [{ model: "GPU 1" }],
      storage_drives: [{ name: "sda", model: "SSD", capacity: 512 }],
      ram_size: 8589934592,
      motherboard_product_name: "B450",
      latest_telemetry: { uptime: { status: 0, uptime: 10, idle: 5 } },
    });
    await makePeripheral(device, {
      peripheral_type_uuid: PERIPHERAL_TYPE_UUID.bill_acceptor,
      name: "Bills",
      manufacturer: "ITL",
      currency: "EUR",
    });
    const display = await makeDisplay(device, {
      name: "HDMI-1@Dell",
      primary: true,
      available_resolutions: ["1920x1080"],
      available_refresh_rates: { "1920x1080": [60] },
      refresh_rate: 60,
    });
    const app = await makeDisplayApplication(display, { a: 1 });
    await db()
      .insert(installationCodeTable)
      .values([
        { space_uuid: s, device_uuid: device.uuid, code_hash: uid(), expires_at: "2030-01-01T00:00:00.000Z" },
        {
          space_uuid: s,
          device_uuid: device.uuid,
          code_hash: uid(),
          expires_at: "2031-01-01T00:00:00.000Z",
          revoked_at: "2026-01-01T00:00:00.000Z",
        },
      ]);
    const res = await api(`/api/space/${s}/device/${device.uuid}/`, { token });
    expect(res.status).toBe(200);
    const body = DeviceDetail.parse(await res.json());
    expect(body).toMatchObject({
      uuid: device.uuid,
      name: "Till",
      created_by: user.display_name,
      local_ip_addresses: ["10.0.0.2"],
      mac_addresses: ["aa:bb:cc:dd:ee:ff"],
      graphic_cards: [{ model: "GPU 1" }],
      ram_size: 8589934592,
      mainboard_product_name: "B450",
      latest_telemetry: { uptime: { status: 0, uptime: 10, idle: 5 } },
      installation_code_value: null,
      installation_code_expires_at: "2030-01-01T00:00:00.000Z",
      total_number: 2,
      camera: null,
      peripherals: [{ name: "Bills", device_type_name: "Bill Acceptor", slug: "money-acceptor", currency: "EUR" }],
      displays: [
        {
          uuid: display.uuid,
          primary: true,
          availableResolutions: ["1920x1080"],
          availableRefreshRates: { "1920x1080": [60] },
          applications: [{ uuid: app.uuid, name: app.name, config: { a: 1 } }],
        },
      ],
    });
  });

  it("serves camera-type devices under /camera/ with their settings, and 404s otherwise", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    const camera = await makeDevice(s, { device_type_uuid: DEVICE_TYPE_UUID.camera });
    await makeCamera(await makeLocation(s), { device_uuid: camera.uuid, ip_address: "10.1.1.1" });
    const runner = await makeDevice(s);
    const res = await api(`/api/space/${s}/camera/${camera.uuid}/`, { token });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain("secret-password");
    expect(DeviceDetail.parse(JSON.parse(text)).camera).toMatchObject({ ip_address: "10.1.1.1" });
    expect((await api(`/api/space/${s}/camera/${runner.uuid}/`, { token })).status).toBe(404);
  });

  it("does not find another space's device", async () => {
    const a = await memberOf("admin");
    const other = await makeDevice((await memberOf("admin")).space.space_uuid);
    const res = await api(`/api/space/${a.space.space_uuid}/device/${other.uuid}/`, { token: a.token });
    expect(res.status).toBe(404);
    expect(ApiErrorBody.parse(await res.json())).toMatchObject({ message: "Device not found." });
  });
});

describe("POST /api/space/{space}/device/add/", () => {
  it("creates a non_connected runner device with tags, 201, audited", async () => {
    const { space, token, user } = await memberOf("content_manager");
    const s = space.space_uuid;
    const location = await makeLocation(s, { name: "Store" });
    const tag = await makeTag(s);
    const res = await api(`/api/space/${s}/device/add/`, {
      method: "POST",
      token,
      json: {
        name: " Kiosk ",
        description: "Front",
        tag_uuids: [tag.uuid],
        location: location.uuid,
        device_class: "kiosk",
      },
    });
    expect(res.status).toBe(201);
    const device = DeviceDetail.parse(await res.json());
    expect(device).toMatchObject({
      name: "Kiosk",
      description: "Front",
      connected_status: "non_connected",
      device_class: "kiosk",
      location_name: "Store",
      tag_uuids: [tag.uuid],
      device_type_name: "Unknown",
      created_by: user.display_name,
    });
    expect(await stored(device.uuid)).toMatchObject({ created_by_user_uuid: user.uuid, location_uuid: location.uuid });
    expect((await auditOf(device.uuid)).map((e) => e.action)).toEqual(["device.create"]);
  });

  it("validates name, description, class, location and tags", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const post = (json: unknown) => api(`/api/space/${s}/device/add/`, { method: "POST", token, json });
    const missing = await post({});
    expect(missing.status).toBe(400);
    expect(await errorsOf(missing)).toEqual({ name: ["Required"], location: ["Required"] });
    const bad = await post({
      name: "x".repeat(257),
      description: "d".repeat(1001),
      device_class: "toaster",
      location: uid(),
    });
    expect(await errorsOf(bad)).toEqual({
      name: ["Ensure this field has no more than 256 characters."],
      description: ["Ensure this field has no more than 1000 characters."],
      device_class: ['"toaster" is not a valid choice.'],
    });
    const foreign = await makeLocation((await memberOf("admin")).space.space_uuid);
    const refs = await post({ name: "n", location: foreign.uuid, tag_uuids: ["nope"] });
    expect(await errorsOf(refs)).toEqual({ location: ["Location not found."], tag_uuids: ["Tags not found: nope."] });
  });

  it("refuses a Viewer and writes nothing", async () => {
    const { space, token } = await memberOf("viewer");
    const location = await makeLocation(space.space_uuid);
    const res = await api(`/api/space/${space.space_uuid}/device/add/`, {
      method: "POST",
      token,
      json: { name: "n", location: location.uuid },
    });
    expect(res.status).toBe(403);
    expect(await db().select().from(deviceTable).where(eq(deviceTable.space_uuid, space.space_uuid))).toEqual([]);
  });
});

describe("PATCH /api/space/{space}/device/{uuid}/", () => {
  it("edits name, description and replaces tags, audited with before and after", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const [t1, t2] = [await makeTag(s), await makeTag(s)];
    const device = await makeDevice(s, { name: "Old", updated_at: "2020-01-01T00:00:00.000Z" });
    await tagDevice(device, t1);
    const res = await api(`/api/space/${s}/device/${device.uuid}/`, {
      method: "PATCH",
      token,
      json: { name: "New", description: "", tag_uuids: [t2.uuid] },
    });
    expect(res.status).toBe(200);
    const body = DeviceDetail.parse(await res.json());
    expect(body).toMatchObject({ name: "New", description: "", tag_uuids: [t2.uuid] });
    expect(body.updated_at > "2020-01-01").toBe(true);
    const links = await db().select().from(deviceTagTable).where(eq(deviceTagTable.device_uuid, device.uuid));
    expect(links.map((l) => l.tag_uuid)).toEqual([t2.uuid]);
    const [entry] = await auditOf(device.uuid);
    expect(entry).toMatchObject({ action: "device.update", before: { name: "Old", tag_uuids: [t1.uuid] } });
  });

  it("validates, refuses Viewers and other spaces' devices", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const device = await makeDevice(s, { name: "Keep" });
    const bad = await api(`/api/space/${s}/device/${device.uuid}/`, {
      method: "PATCH",
      token,
      json: { name: "", description: "d".repeat(1001) },
    });
    expect(await errorsOf(bad)).toEqual({
      name: ["Required"],
      description: ["Ensure this field has no more than 1000 characters."],
    });
    const viewer = await memberOf("viewer", space);
    const denied = await api(`/api/space/${s}/device/${device.uuid}/`, {
      method: "PATCH",
      token: viewer.token,
      json: { name: "Changed" },
    });
    expect(denied.status).toBe(403);
    expect((await stored(device.uuid))?.name).toBe("Keep");
    const foreign = await makeDevice((await memberOf("admin")).space.space_uuid);
    const missing = await api(`/api/space/${s}/device/${foreign.uuid}/`, {
      method: "PATCH",
      token,
      json: { name: "x" },
    });
    expect(missing.status).toBe(404);
    expect((await api(`/api/space/${s}/device/${device.uuid}/`, { method: "PATCH", json: {} })).status).toBe(401);
  });

  it("refuses tags that are not the space's (another space's too), and an unknown device before its tags", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const own = await makeTag(s);
    const device = await makeDevice(s, { name: "Keep" });
    await tagDevice(device, own);
    const foreignTag = await makeTag((await memberOf("admin")).space.space_uuid);
    const refused = await api(`/api/space/${s}/device/${device.uuid}/`, {
      method: "PATCH",
      token,
      json: { name: "Changed", tag_uuids: [own.uuid, "nope", foreignTag.uuid] },
    });
    expect(refused.status).toBe(400);
    expect(await errorsOf(refused)).toEqual({ tag_uuids: [`Tags not found: nope, ${foreignTag.uuid}.`] });
    // Nothing written: the name, the tags and no audit entry.
    expect((await stored(device.uuid))?.name).toBe("Keep");
    const links = await db().select().from(deviceTagTable).where(eq(deviceTagTable.device_uuid, device.uuid));
    expect(links.map((l) => l.tag_uuid)).toEqual([own.uuid]);
    expect(await auditOf(device.uuid)).toEqual([]);
    const unknown = await api(`/api/space/${s}/device/${crypto.randomUUID()}/`, {
      method: "PATCH",
      token,
      json: { tag_uuids: ["nope"] },
    });
    expect(unknown.status).toBe(404);
  });
});

describe("device audit trail and availability", () => {
  it("lists the device's audit entries newest first with the actor's name", async () => {
    const { space, token, user } = await memberOf("content_manager");
    const s = space.space_uuid;
    const device = await makeDevice(s);
    for (const name of ["A", "B"]) {
      await api(`/api/space/${s}/device/${device.uuid}/`, { method: "PATCH", token, json: { name } });
    }
    const res = await api(`/api/space/${s}/device/${device.uuid}/audit/items/?page_size=1`, { token });
    const body = DeviceAuditList.parse(await res.json());
    expect(body.objects_count).toBe(2);
    expect(body.entries[0]).toMatchObject({ action: "device.update", actor_display_name: user.display_name });
    expect(body.entries[0].after).toEqual({ name: "B" });
    expect(body.links.next).toContain("page=2");
  });

  it("counts seconds online per UTC day exactly from the outages, and lists them newest first", async () => {
    // Past midnight UTC, with yesterday's outage: the hours a daily-total estimate got wrong.
    const now = Date.parse("2026-11-29T02:10:00Z");
    // The route below reads the clock itself: it must see the same instant, whenever the test runs.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now);
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    const at = (isoTime: string) => new Date(isoTime).toISOString();
    const device = await makeDevice(s, {
      connected_status: "connected",
      installed_at: at("2026-11-25T12:00:00Z"),
      online: false,
      last_seen: at("2026-11-29T01:10:00Z"),
    });
    await db()
      .insert(deviceOutageTable)
      .values([
        // Across midnight: 1 h on the 27th, 2 h on the 28th.
        {
          space_uuid: s,
          device_uuid: device.uuid,
          started_at: at("2026-11-27T23:00:00Z"),
          ended_at: at("2026-11-28T02:00:00Z"),
          cause: "heartbeat_missed",
        },
        // Still open: offline for the last hour.
        {
          space_uuid: s,
          device_uuid: device.uuid,
          started_at: at("2026-11-29T01:10:00Z"),
          ended_at: null,
          cause: "agent_stopped",
        },
      ]);
    const { ctx } = countingContext(space);
    const body = await getDeviceAvailability({ ctx, input: { uuid: device.uuid, days: 7 }, now });
    expect(body.days).toEqual([
      { day: "2026-11-23", online_seconds: 0 },
      { day: "2026-11-24", online_seconds: 0 },
      // Installed at noon.
      { day: "2026-11-25", online_seconds: 12 * 3600 },
      { day: "2026-11-26", online_seconds: 24 * 3600 },
      { day: "2026-11-27", online_seconds: 23 * 3600 },
      { day: "2026-11-28", online_seconds: 22 * 3600 },
      // Today so far: 01:10 of 02:10.
      { day: "2026-11-29", online_seconds: 70 * 60 },
    ]);
    expect(body.outages).toEqual([
      { started_at: at("2026-11-29T01:10:00Z"), ended_at: null, cause: "agent_stopped" },
      { started_at: at("2026-11-27T23:00:00Z"), ended_at: at("2026-11-28T02:00:00Z"), cause: "heartbeat_missed" },
    ]);
    // A window that ends before an outage leaves it out of the list.
    expect((await getDeviceAvailability({ ctx, input: { uuid: device.uuid, days: 1 }, now })).outages).toHaveLength(1);

    const res = await api(`/api/space/${s}/device/${device.uuid}/availability/?days=7`, { token });
    const served = DeviceAvailability.parse(await res.json());
    expect(served.days).toHaveLength(7);
    expect(served.outages.map((o) => o.cause)).toEqual(["agent_stopped", "heartbeat_missed"]);
    const bad = await api(`/api/space/${s}/device/${device.uuid}/availability/?days=0`, { token });
    expect(await errorsOf(bad)).toEqual({ days: ["Ensure this value is greater than or equal to 1."] });
  });
});
