import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DeviceList } from "../../contracts/devices/schema.ts";
import { deviceTable, deviceTagTable, locationTable, tagTable } from "../../drizzle/schema/index.ts";
import { api, db, makeDevice, makeLocation, makeSpace, makeTag, memberOf, tagDevice } from "../factories.ts";

/** The names of the devices a list search finds (the list and the asset list answer the same). */
async function found(space: string, token: string, search: string, path = "device/items") {
  const res = await api(`/api/space/${space}/${path}/?search=${encodeURIComponent(search)}&page_size=100`, { token });
  expect(res.status, search).toBe(200);
  const list = DeviceList.parse(await res.json());
  expect(list.objects_count).toBe(list.devices.length);
  return list.devices.map((d) => d.name).sort();
}

/** A space with a viewer and a second space whose devices share every searched text. */
async function twoSpaces() {
  const { space, token } = await memberOf("viewer");
  const other = await makeSpace();
  return { space, s: space.space_uuid, token, other: other.space_uuid };
}

describe("device search (FTS5 trigram index)", () => {
  it("matches name, description, machine id, uuid, IP and MAC addresses, location and tag names", async () => {
    const { s, token, other } = await twoSpaces();
    const zagreb = await makeLocation(s, { name: "Zagreb Main Square" });
    const flagship = await makeTag(s, "flagship");
    const kiosk = await makeDevice(s, { name: "Kiosk North", location_uuid: zagreb.uuid });
    await tagDevice(kiosk, flagship);
    await makeDevice(s, { name: "Till 4", description: "Second floor near the escalator" });
    await makeDevice(s, { name: "Wall", machine_id: "4c4c4544-0042-3510-8052-b4c04f4d4e31" });
    await makeDevice(s, { name: "Router box", ip_address: "10.21.0.11", external_ip_address: "93.184.216.34" });
    await makeDevice(s, { name: "Local ips", local_ip_addresses: ["192.168.77.5", "10.99.1.2"] });
    await makeDevice(s, { name: "With MAC", mac_addresses: ["A4:5E:60:C2:19:7F"] });
    const plain = await makeDevice(s, { name: "Plain" });
    // The other space holds the same texts: its devices never match.
    const foreign = await makeLocation(other, { name: "Zagreb Main Square" });
    const foreignTag = await makeTag(other, "flagship");
    const stranger = await makeDevice(other, {
      name: "Kiosk North",
      description: "Second floor near the escalator",
      machine_id: "4c4c4544-0042-3510-8052-b4c04f4d4e31",
      ip_address: "10.21.0.11",
      local_ip_addresses: ["192.168.77.5"],
      mac_addresses: ["A4:5E:60:C2:19:7F"],
      location_uuid: foreign.uuid,
    });
    await tagDevice(stranger, foreignTag);

    expect(await found(s, token, "Zagreb")).toEqual(["Kiosk North"]);
    expect(await found(s, token, "agr")).toEqual(["Kiosk North"]);
    expect(await found(s, token, "flagship")).toEqual(["Kiosk North"]);
    expect(await found(s, token, "FLAG")).toEqual(["Kiosk North"]);
    expect(await found(s, token, "kiosk no")).toEqual(["Kiosk North"]);
    // Words in any order, across the name and the location's name.
    expect(await found(s, token, "north zagreb")).toEqual(["Kiosk North"]);
    expect(await found(s, token, "square   kiosk")).toEqual(["Kiosk North"]);
    expect(await found(s, token, "kiosk split")).toEqual([]);
    // A MAC written with dashes, as Windows prints it.
    expect(await found(s, token, "a4-5e-60-c2-19-7f")).toEqual(["With MAC"]);
    expect(await found(s, token, "60-C2-19")).toEqual(["With MAC"]);
    expect(await found(s, token, "escalator")).toEqual(["Till 4"]);
    expect(await found(s, token, "3510-8052")).toEqual(["Wall"]);
    expect(await found(s, token, "10.21.0.11")).toEqual(["Router box"]);
    expect(await found(s, token, "93.184")).toEqual(["Router box"]);
    expect(await found(s, token, "192.168.77")).toEqual(["Local ips"]);
    expect(await found(s, token, "10.99.1.2")).toEqual(["Local ips"]);
    expect(await found(s, token, "a4:5e:60")).toEqual(["With MAC"]);
    expect(await found(s, token, "C2:19:7F")).toEqual(["With MAC"]);
    expect(await found(s, token, "a45e60c2")).toEqual(["With MAC"]);
    // A part of the uuid through the index; the whole uuid is that device (as before).
    expect(await found(s, token, plain.uuid.slice(9, 23))).toEqual(["Plain"]);
    expect(await found(s, token, plain.uuid)).toEqual(["Plain"]);
    expect(await found(s, token, "nowhere to be found")).toEqual([]);
    // Quotes and FTS syntax are plain text.
    expect(await found(s, token, '"Kiosk')).toEqual([]);
    expect(await found(s, token, "Kiosk OR Till")).toEqual([]);
    expect(await found(s, token, "North*")).toEqual([]);
    // The asset list searches the same way.
    expect(await found(s, token, "Zagreb", "asset/items")).toEqual(["Kiosk North"]);
  });

  it("searches under three characters as before: name or machine id contains", async () => {
    const { s, token } = await twoSpaces();
    await makeDevice(s, { name: "AB-1" });
    await makeDevice(s, { name: "Other", machine_id: "xab" });
    await makeDevice(s, { name: "Third", description: "ab ab" });
    expect(await found(s, token, "ab")).toEqual(["AB-1", "Other"]);
  });

  it("follows renames, moves, tag links, edits and deletes", async () => {
    const { space, s, token } = await twoSpaces();
    const loc = await makeLocation(s, { name: "Split harbour" });
    const elsewhere = await makeLocation(s, { name: "Osijek" });
    const tag = await makeTag(s, "summer");
    const device = await makeDevice(s, { name: "Screen", location_uuid: loc.uuid });
    expect(await found(s, token, "harbour")).toEqual(["Screen"]);

    await db().update(locationTable).set({ name: "Rijeka port" }).where(eq(locationTable.uuid, loc.uuid));
    expect(await found(s, token, "harbour")).toEqual([]);
    expect(await found(s, token, "Rijeka")).toEqual(["Screen"]);

    await db().update(deviceTable).set({ location_uuid: elsewhere.uuid }).where(eq(deviceTable.uuid, device.uuid));
    expect(await found(s, token, "Rijeka")).toEqual([]);
    expect(await found(s, token, "Osijek")).toEqual(["Screen"]);
    // A deleted location leaves the device without one.
    await db().delete(locationTable).where(eq(locationTable.uuid, elsewhere.uuid));
    expect(await found(s, token, "Osijek")).toEqual([]);

    await tagDevice(device, tag);
    expect(await found(s, token, "summer")).toEqual(["Screen"]);
    await db().update(tagTable).set({ name: "winter" }).where(eq(tagTable.uuid, tag.uuid));
    expect(await found(s, token, "summer")).toEqual([]);
    expect(await found(s, token, "winter")).toEqual(["Screen"]);
    await db().delete(deviceTagTable).where(eq(deviceTagTable.device_uuid, device.uuid));
    expect(await found(s, token, "winter")).toEqual([]);
    await tagDevice(device, tag);
    await db().delete(tagTable).where(eq(tagTable.uuid, tag.uuid));
    expect(await found(s, token, "winter")).toEqual([]);

    // Edits through the API (name, description, tags) and the agent's addresses.
    const other = await makeTag(s, "autumn");
    const { token: writer } = await memberOf("content_manager", space);
    const res = await api(`/api/space/${s}/device/${device.uuid}/`, {
      token: writer,
      method: "PATCH",
      json: { name: "Big screen", description: "by the ferry", tag_uuids: [other.uuid] },
    });
    expect(res.status).toBe(200);
    expect(await found(s, token, "Big scr")).toEqual(["Big screen"]);
    expect(await found(s, token, "ferry")).toEqual(["Big screen"]);
    expect(await found(s, token, "autumn")).toEqual(["Big screen"]);
    await db()
      .update(deviceTable)
      .set({ ip_address: "172.16.4.20", mac_addresses: ["00:1B:44:11:3A:B7"] })
      .where(eq(deviceTable.uuid, device.uuid));
    expect(await found(s, token, "172.16.4")).toEqual(["Big screen"]);
    expect(await found(s, token, "44:11:3a")).toEqual(["Big screen"]);

    await db().delete(deviceTable).where(eq(deviceTable.uuid, device.uuid));
    expect(await found(s, token, "Big scr")).toEqual([]);
  });
});
