import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DeviceDetail } from "../../contracts/devices/detail.ts";
import { LocationGroup } from "../../contracts/location-groups/schema.ts";
import { Location } from "../../contracts/locations/schema.ts";
import { deviceTable, locationTable } from "../../drizzle/schema/index.ts";
import { api, db, errorsOf, locationAddInput, makeDevice, makeLocation, memberOf } from "../factories.ts";

/**
 * Security names must not carry NUL (or other control characters) nor the bidi
 * override/isolate characters, which make a name show as something else in lists and exports.
 */
const NAME_MESSAGE = "Enter a name without control or text-direction characters.";
const TEXT_MESSAGE = "Enter a text without control or text-direction characters.";
const UNSAFE = {
  nul: "Kiosk\u0000 lobby",
  rlo: "Kiosk \u202Egpj.exe",
  rli: "Kiosk \u2067lobby\u2069",
  tab: "Kiosk\tlobby",
};
const SAFE = ["Čačak – Šibenik café", "Kiosk 🚀 lobby", "Ünïcödé (2)"];

const setUp = async () => {
  const f = await memberOf("content_manager");
  const s = f.space.space_uuid;
  const send = (method: "POST" | "PATCH", path: string, json: unknown) =>
    api(`/api/space/${s}/${path}/`, { method, token: f.token, json });
  return { ...f, s, send };
};

describe("device names", () => {
  it.each(Object.entries(UNSAFE))("refuses %s in the name on add and edit", async (_, name) => {
    const { s, send } = await setUp();
    const location = await makeLocation(s);
    const added = await send("POST", "device/add", { name, location: location.uuid });
    expect(added.status).toBe(400);
    expect(await errorsOf(added)).toEqual({ name: [NAME_MESSAGE] });
    expect(await db().select().from(deviceTable).where(eq(deviceTable.space_uuid, s)).all()).toEqual([]);

    const device = await makeDevice(s, { name: "Before" });
    const edited = await send("PATCH", `device/${device.uuid}`, { name });
    expect(edited.status).toBe(400);
    expect(await errorsOf(edited)).toEqual({ name: [NAME_MESSAGE] });
    const stored = await db().select().from(deviceTable).where(eq(deviceTable.uuid, device.uuid)).get();
    expect(stored?.name).toBe("Before");
  });

  it("refuses NUL and bidi overrides in the description, but keeps its line breaks and tabs", async () => {
    const { s, send } = await setUp();
    const device = await makeDevice(s);
    for (const description of ["a\u0000b", "a\u202Db"]) {
      const res = await send("PATCH", `device/${device.uuid}`, { description });
      expect(res.status).toBe(400);
      expect(await errorsOf(res)).toEqual({ description: [TEXT_MESSAGE] });
    }
    const ok = await send("PATCH", `device/${device.uuid}`, { description: "Line one\r\n\tLine two" });
    expect(ok.status).toBe(200);
    expect(DeviceDetail.parse(await ok.json()).description).toBe("Line one\r\n\tLine two");
  });

  it.each(SAFE)("accepts %s on add and edit", async (name) => {
    const { s, send } = await setUp();
    const location = await makeLocation(s);
    const added = await send("POST", "device/add", { name, location: location.uuid });
    expect(added.status).toBe(201);
    const device = DeviceDetail.parse(await added.json());
    expect(device.name).toBe(name);
    const edited = await send("PATCH", `device/${device.uuid}`, { name: `${name} 2` });
    expect(edited.status).toBe(200);
    expect(DeviceDetail.parse(await edited.json()).name).toBe(`${name} 2`);
  });
});

describe("location names", () => {
  it.each(Object.entries(UNSAFE))("refuses %s in the name on add and edit", async (_, name) => {
    const { s, send } = await setUp();
    const added = await send("POST", "location/add", { ...locationAddInput, name });
    expect(added.status).toBe(400);
    expect(await errorsOf(added)).toEqual({ name: [NAME_MESSAGE] });
    expect(await db().select().from(locationTable).where(eq(locationTable.space_uuid, s)).all()).toEqual([]);

    const location = await makeLocation(s, { name: "Before", display_id: "B-1" });
    const edited = await send("PATCH", `location/${location.uuid}`, { name });
    expect(edited.status).toBe(400);
    expect(await errorsOf(edited)).toEqual({ name: [NAME_MESSAGE] });
    const stored = await db().select().from(locationTable).where(eq(locationTable.uuid, location.uuid)).get();
    expect(stored?.name).toBe("Before");
  });

  it("refuses them in the other one-line fields too (city, address)", async () => {
    const { send } = await setUp();
    const res = await send("POST", "location/add", {
      ...locationAddInput,
      city: "Zag\u202Ereb",
      address: "Ilica\u00001",
    });
    expect(res.status).toBe(400);
    expect(await errorsOf(res)).toEqual({ city: [NAME_MESSAGE], address: [NAME_MESSAGE] });
  });

  it.each(SAFE)("accepts %s on add and edit", async (name) => {
    const { send } = await setUp();
    const added = await send("POST", "location/add", { ...locationAddInput, name });
    expect(added.status).toBe(201);
    const location = Location.parse(await added.json());
    expect(location.name).toBe(name);
    const edited = await send("PATCH", `location/${location.uuid}`, { name: `${name} 2` });
    expect(edited.status).toBe(200);
    expect(Location.parse(await edited.json()).name).toBe(`${name} 2`);
  });
});

describe("group and tag names", () => {
  it("refuses control and text-direction characters, accepts accents and emoji", async () => {
    const { send } = await setUp();
    for (const name of Object.values(UNSAFE)) {
      const group = await send("POST", "location-group/add", { name });
      expect(group.status).toBe(400);
      expect(await errorsOf(group)).toEqual({ name: [NAME_MESSAGE] });
      const tag = await send("POST", "tag/add", { name: name.slice(0, 12) });
      expect(tag.status).toBe(400);
      expect(await errorsOf(tag)).toEqual({ name: [NAME_MESSAGE] });
    }
    const group = await send("POST", "location-group/add", { name: SAFE[0] });
    expect(group.status).toBe(201);
    expect(LocationGroup.parse(await group.json()).name).toBe(SAFE[0]);
    expect((await send("POST", "tag/add", { name: "café 🚀" })).status).toBe(201);
  });
});
