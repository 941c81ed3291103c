import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DEVICE_ORDER_KEYS, DeviceList } from "../../contracts/devices/schema.ts";
import { DEVICE_TYPE_UUID } from "../../contracts/reference.ts";
import { api, errorsOf, makeDevice, makeLocation, makeSpace, makeTag, memberOf, tagDevice } from "../factories.ts";

async function list(path: string, token: string) {
  const res = await api(path, { token });
  expect(res.status, path).toBe(200);
  return DeviceList.parse(await res.json());
}
const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

/** A space with devices spread over two locations, types, statuses and tags (and one without). */
async function fleet() {
  const { space, token } = await memberOf("viewer");
  const s = space.space_uuid;
  const [north, south, east] = [
    await makeLocation(s, { name: "North" }),
    await makeLocation(s, { name: "South" }),
    await makeLocation(s, { name: "East" }),
  ];
  const [red, blue, green] = [await makeTag(s, "red"), await makeTag(s, "blue"), await makeTag(s, "green")];
  const a = await makeDevice(s, {
    name: "Alpha",
    location_uuid: north.uuid,
    device_type_uuid: DEVICE_TYPE_UUID.linux,
    connected_status: "connected",
    device_class: "kiosk",
  });
  const b = await makeDevice(s, {
    name: "Bravo",
    location_uuid: south.uuid,
    device_type_uuid: DEVICE_TYPE_UUID.windows,
    connected_status: "disconnected",
    device_class: "retail_pos",
  });
  const c = await makeDevice(s, {
    name: "Charlie",
    location_uuid: east.uuid,
    device_type_uuid: DEVICE_TYPE_UUID.android_tv,
    connected_status: "archived",
  });
  const d = await makeDevice(s, { name: "Delta", connected_status: "non_connected" });
  await tagDevice(a, red);
  await tagDevice(b, blue, red);
  await tagDevice(c, green);
  // Another space's device with the same tags' names and a location never shows up.
  const other = await makeSpace();
  await makeDevice(other.space_uuid, { name: "Foreign", connected_status: "connected" });
  return { s, token, north, south, east, red, blue, green, a, b, c, d };
}

describe("device list filters with several values", () => {
  it("location_uuid, device_type_uuid, connected_status and tag_uuid repeated mean any of them", async () => {
    const f = await fleet();
    const names = async (query: string) => {
      const body = await list(`/api/space/${f.s}/device/items/?ordering=name&${query}`, f.token);
      expect(body.objects_count).toBe(body.devices.length);
      return body.devices.map((d) => d.name);
    };
    expect(await names(`location_uuid=${f.north.uuid}&location_uuid=${f.south.uuid}`)).toEqual(["Alpha", "Bravo"]);
    expect(await names(`location_uuid=${f.north.uuid}`)).toEqual(["Alpha"]);
    expect(
      await names(`device_type_uuid=${DEVICE_TYPE_UUID.windows}&device_type_uuid=${DEVICE_TYPE_UUID.android_tv}`),
    ).toEqual(["Bravo", "Charlie"]);
    expect(await names("connected_status=connected&connected_status=non_connected")).toEqual(["Alpha", "Delta"]);
    expect(await names("connected_status=archived")).toEqual(["Charlie"]);
    // Tags: any of them, each device once.
    expect(await names(`tag_uuid=${f.red.uuid}&tag_uuid=${f.blue.uuid}`)).toEqual(["Alpha", "Bravo"]);
    expect(await names(`tag_uuid=${f.blue.uuid}&tag_uuid=${f.green.uuid}`)).toEqual(["Bravo", "Charlie"]);
    // Filters combine with AND; the same value twice is one value; an empty value is no filter.
    expect(
      await names(`location_uuid=${f.north.uuid}&location_uuid=${f.south.uuid}&connected_status=disconnected`),
    ).toEqual(["Bravo"]);
    expect(await names(`location_uuid=${f.east.uuid}&location_uuid=${f.east.uuid}`)).toEqual(["Charlie"]);
    expect(await names("location_uuid=&connected_status=")).toEqual(["Alpha", "Bravo", "Charlie", "Delta"]);
    // With several locations, a cursor page follows on.
    const first = await list(
      `/api/space/${f.s}/device/items/?page_size=1&ordering=name&location_uuid=${f.north.uuid}&location_uuid=${f.east.uuid}`,
      f.token,
    );
    expect(first.devices.map((d) => d.name)).toEqual(["Alpha"]);
    const second = await list(pathOf(first.links.next ?? ""), f.token);
    expect(second.devices.map((d) => d.name)).toEqual(["Charlie"]);
    expect(second.links.next).toBeNull();
    // The asset list takes the same filters.
    const assets = await list(
      `/api/space/${f.s}/asset/items/?ordering=name&tag_uuid=${f.green.uuid}&tag_uuid=${f.red.uuid}`,
      f.token,
    );
    expect(assets.devices.map((d) => d.name)).toEqual(["Alpha", "Bravo", "Charlie"]);
  });

  it("refuses a value that is no uuid or no status with 400 and a clear text", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    const ok = crypto.randomUUID();
    const bad = await api(
      `/api/space/${s}/device/items/?location_uuid=${ok}&location_uuid=nope&connected_status=online&connected_status=connected&tag_uuid=1&device_type_uuid=x`,
      { token },
    );
    expect(bad.status).toBe(400);
    expect(await errorsOf(bad)).toEqual({
      location_uuid: ['"nope" is not a valid UUID.'],
      connected_status: ["Select a valid choice. online is not one of the available choices."],
      tag_uuid: ['"1" is not a valid UUID.'],
      device_type_uuid: ['"x" is not a valid UUID.'],
    });
    const many = new URLSearchParams();
    for (let i = 0; i < 101; i++) many.append("tag_uuid", crypto.randomUUID());
    const tooMany = await api(`/api/space/${s}/device/items/?${many}`, { token });
    expect(tooMany.status).toBe(400);
    expect(await errorsOf(tooMany)).toEqual({ tag_uuid: ["Ensure this filter has no more than 100 values."] });
    const exported = await api(`/api/space/${s}/asset/items/export/?connected_status=nope`, { token });
    expect(exported.status).toBe(400);
  });
});

describe("device list orderings of the table's columns", () => {
  it("orders by name, status, type, location and class both ways, pages by cursor without gaps", async () => {
    const f = await fleet();
    // Two more without location and class, and a tie on name (uuid breaks it); two locations
    // named alike (their uuids order them, then the devices' uuids).
    await makeDevice(f.s, { name: "Alpha", connected_status: "installation_pending" });
    await makeDevice(f.s, { name: "Echo", device_type_uuid: DEVICE_TYPE_UUID.linux });
    const twins = [await makeLocation(f.s, { name: "Twin" }), await makeLocation(f.s, { name: "Twin" })];
    for (const [i, twin] of [...twins, ...twins].entries()) {
      await makeDevice(f.s, { name: `Twin ${i}`, location_uuid: twin.uuid, device_type_uuid: DEVICE_TYPE_UUID.linux });
    }
    const all = await list(`/api/space/${f.s}/device/items/?page_size=100`, f.token);
    const byUuid = new Map(all.devices.map((d) => [d.uuid, d]));
    const keyOf: Record<string, (d: (typeof all.devices)[number]) => string | null> = {
      name: (d) => d.name,
      connected_status: (d) => d.connected_status,
      device_type_name: (d) => `${d.device_type_name} ${d.device_type_uuid}`,
      location_name: (d) => (d.location_name === null ? null : `${d.location_name} ${d.location_uuid}`),
      device_class: (d) => d.device_class,
    };
    for (const [key, of] of Object.entries(keyOf)) {
      expect(DEVICE_ORDER_KEYS).toContain(key);
      // NULL first ascending, last descending; uuid breaks ties (both ways).
      const cmp = (x: (typeof all.devices)[number], y: (typeof all.devices)[number]) => {
        const [kx, ky] = [of(x), of(y)];
        if (kx !== ky) return kx === null ? -1 : ky === null ? 1 : kx < ky ? -1 : 1;
        return x.uuid < y.uuid ? -1 : 1;
      };
      const ascending = [...all.devices].sort(cmp).map((d) => d.uuid);
      for (const [ordering, expected] of [
        [key, ascending],
        [`-${key}`, [...ascending].reverse()],
      ] as const) {
        const numbered = await list(`/api/space/${f.s}/device/items/?ordering=${ordering}&page_size=100`, f.token);
        expect(
          numbered.devices.map((d) => d.uuid),
          ordering,
        ).toEqual(expected);
        // Pages of 2 by links.next, then back by links.previous.
        const pages: string[][] = [];
        let body = await list(`/api/space/${f.s}/device/items/?ordering=${ordering}&page_size=2`, f.token);
        for (;;) {
          pages.push(body.devices.map((d) => d.uuid));
          if (!body.links.next) break;
          body = await list(pathOf(body.links.next), f.token);
        }
        expect(pages.flat(), ordering).toEqual(expected);
        const back: string[][] = [pages.at(-1) ?? []];
        while (body.links.previous) {
          body = await list(pathOf(body.links.previous), f.token);
          back.unshift(body.devices.map((d) => d.uuid));
        }
        expect(back, ordering).toEqual(pages);
        // Page 2 by number is the same rows.
        const second = await list(`/api/space/${f.s}/device/items/?ordering=${ordering}&page_size=2&page=2`, f.token);
        expect(second.devices.map((d) => d.uuid)).toEqual(expected.slice(2, 4));
        // A set filter with few matches (SQLite sorts them) keeps the same order.
        const twinsOnly = await list(`/api/space/${f.s}/device/items/?ordering=${ordering}&search=Twin`, f.token);
        expect(twinsOnly.devices.map((d) => d.uuid)).toEqual(
          expected.filter((u) => byUuid.get(u)?.name.startsWith("Twin")),
        );
        // With a location filter (terms `+`-wrapped) the order is the same.
        const north = await list(
          `/api/space/${f.s}/device/items/?ordering=${ordering}&location_uuid=${f.north.uuid}&location_uuid=${f.south.uuid}`,
          f.token,
        );
        expect(north.devices.map((d) => d.uuid)).toEqual(
          expected.filter((u) => [f.north.uuid, f.south.uuid].includes(byUuid.get(u)?.location_uuid ?? "")),
        );
      }
    }
  });

  it("reads the name, status and class orderings from their indexes (no sort of the space's devices)", async () => {
    const { space } = await memberOf("viewer");
    const plan = async (key: string) => {
      const { results } = await env.DB.prepare(
        `explain query plan select uuid from device where space_uuid = ? order by ${key} desc, uuid desc limit 36`,
      )
        .bind(space.space_uuid)
        .all<{ detail: string }>();
      return results.map((r) => r.detail).join("\n");
    };
    expect(await plan("name")).toMatch(/device_space_uuid_name_idx/);
    expect(await plan("connected_status")).toMatch(/device_space_uuid_connected_status_order_idx/);
    expect(await plan("device_class")).toMatch(/device_space_uuid_device_class_idx/);
    for (const key of ["name", "connected_status", "device_class"]) expect(await plan(key)).not.toMatch(/TEMP B-TREE/);
  });

  it("walks the location and type indexes for their name orderings (no sort of the space's devices)", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    await makeDevice(s, { location_uuid: (await makeLocation(s)).uuid });
    // The statements the list makes, as EXPLAIN QUERY PLAN of the same shape.
    const plan = async (sql: string) => {
      const { results } = await env.DB.prepare(`explain query plan ${sql}`).bind(s).all<{ detail: string }>();
      return results.map((r) => r.detail).join("\n");
    };
    const location = await plan(
      `select device.uuid from location cross join device inner join device_type on device_type.uuid = device.device_type_uuid
       where location.space_uuid = ?1 and device.space_uuid = location.space_uuid and device.location_uuid = location.uuid
       and (location.name, location.uuid) > ('a', 'b') order by location.name, location.uuid, device.uuid limit 37`,
    );
    expect(location).toMatch(/SEARCH location USING (COVERING )?INDEX location_space_uuid_name_uuid_idx/);
    expect(location).toMatch(/SEARCH device USING INDEX device_space_uuid_location_order_idx/);
    expect(location).not.toMatch(/TEMP B-TREE/);
    const type = await plan(
      `select device.uuid from device_type cross join device left join location on location.uuid = device.location_uuid
       where device.space_uuid = ?1 and device.device_type_uuid = device_type.uuid
       order by device_type.name desc, device_type.uuid desc, device.uuid desc limit 37`,
    );
    expect(type).toMatch(/device_type_name_uuid_idx/);
    expect(type).toMatch(/SEARCH device USING INDEX device_space_uuid_device_type_order_idx/);
    expect(type).not.toMatch(/TEMP B-TREE/);
    // And the API answers with them.
    for (const ordering of ["location_name", "-device_type_name"]) {
      expect((await list(`/api/space/${s}/device/items/?ordering=${ordering}`, token)).devices).toHaveLength(1);
    }
  });
});

describe("device list CSV export with the list's filters", () => {
  it("streams the header row and the filtered rows in the ordering, at /device/items/export/ and /asset/items/export/", async () => {
    const f = await fleet();
    for (const path of ["device/items/export", "asset/items/export"]) {
      const res = await api(
        `/api/space/${f.s}/${path}/?ordering=-name&tag_uuid=${f.red.uuid}&tag_uuid=${f.green.uuid}&connected_status=connected&connected_status=archived&connected_status=disconnected`,
        { token: f.token },
      );
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="devices_export.csv"');
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the UTF-8 byte order mark
      const lines = new TextDecoder().decode(bytes).trimEnd().split("\r\n");
      expect(lines[0]).toBe(
        "name,uuid,description,device_type,device_category,device_class,connected_status,online,enabled,location,tags,created_at,installation_date,last_seen",
      );
      expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(["Charlie", "Bravo", "Alpha"]);
      expect(lines[2]).toContain(`Bravo,${f.b.uuid},`);
      expect(lines[2]).toContain(",South,");
      // Booleans read Yes or No (console.md §4): online, then enabled.
      expect(lines[2]).toMatch(/,(Yes|No),(Yes|No),South,/);
      expect(lines[2]).toMatch(/,"(blue, red|red, blue)",/);
    }
    // A search through the index, and no match: the header alone.
    const searched = await api(`/api/space/${f.s}/device/items/export/?search=South`, { token: f.token });
    expect((await searched.text()).trimEnd().split("\r\n")).toHaveLength(2);
    const none = await api(`/api/space/${f.s}/device/items/export/?search=nowhere`, { token: f.token });
    expect((await none.text()).trimEnd().split("\r\n")).toHaveLength(1);
  });

  it("streams more than one batch (1,000 rows a batch) with every row once", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    await env.DB.prepare(
      `with recursive n(i) as (select 0 union all select i + 1 from n where i < 2149)
       insert into device (uuid, space_uuid, name) select lower(hex(randomblob(16))), ?, 'Bulk ' || i from n`,
    )
      .bind(s)
      .run();
    const res = await api(`/api/space/${s}/device/items/export/?ordering=name`, { token });
    const lines = (await res.text()).trimEnd().split("\r\n");
    expect(lines).toHaveLength(2151);
    const names = lines.slice(1).map((l) => l.split(",")[0]);
    expect(new Set(names).size).toBe(2150);
    expect(names).toEqual([...names].sort());
  });
});
