import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ApiErrorBody } from "../../contracts/http/errors.ts";
import { Location } from "../../contracts/locations/schema.ts";
import { deviceTable, locationTable } from "../../drizzle/schema/index.ts";
import { api, db, makeDevice, makeLocation, memberOf } from "../factories.ts";

/**
 * Security a body that is not sent as JSON used to be read as `{}` (a PATCH as
 * text/plain answered 200 and changed nothing). JSON-body routes answer 415; malformed JSON 400.
 */
const NOT_JSON = {
  code: "unsupported_media_type",
  message: "Send the request body as JSON (Content-Type: application/json).",
};
const MALFORMED = { code: "bad_request", message: "The request body is not valid JSON." };

const storedDevice = (uuid: string) => db().select().from(deviceTable).where(eq(deviceTable.uuid, uuid)).get();
const storedLocation = (uuid: string) => db().select().from(locationTable).where(eq(locationTable.uuid, uuid)).get();

const setUp = async () => {
  const f = await memberOf("content_manager");
  const s = f.space.space_uuid;
  const device = await makeDevice(s, { name: "Before" });
  const location = await makeLocation(s, { name: "Before", display_id: "B-1" });
  const send = (method: string, path: string, body: BodyInit | undefined, contentType?: string) =>
    api(`/api/space/${s}/${path}/`, {
      method,
      token: f.token,
      body,
      headers: contentType ? { "Content-Type": contentType } : {},
    });
  return { ...f, s, device, location, send };
};

describe("JSON-body routes", () => {
  it.each([
    ["text/plain", JSON.stringify({ name: "Changed" })],
    ["application/x-www-form-urlencoded", "name=Changed"],
    [
      "multipart/form-data; boundary=x",
      '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nChanged\r\n--x--\r\n',
    ],
  ])("answer 415 to a %s body and change nothing", async (contentType, body) => {
    const { device, location, send } = await setUp();
    for (const [path, stored] of [
      [`device/${device.uuid}`, () => storedDevice(device.uuid)],
      [`location/${location.uuid}`, () => storedLocation(location.uuid)],
    ] as const) {
      const res = await send("PATCH", path, body, contentType);
      expect(res.status, path).toBe(415);
      expect(ApiErrorBody.parse(await res.json())).toMatchObject(NOT_JSON);
      expect((await stored())?.name).toBe("Before");
    }
  });

  it("answer 415 to a body without a Content-Type, and on POST too", async () => {
    const { s, location, send } = await setUp();
    const patch = await send("PATCH", `location/${location.uuid}`, new TextEncoder().encode('{"name":"Changed"}'));
    expect(patch.status).toBe(415);
    const post = await send("POST", "device/add", "name=Kiosk", "application/x-www-form-urlencoded");
    expect(post.status).toBe(415);
    expect(ApiErrorBody.parse(await post.json())).toMatchObject(NOT_JSON);
    expect(await db().select().from(deviceTable).where(eq(deviceTable.space_uuid, s)).all()).toHaveLength(1);
  });

  it("answer 400 with a message to malformed JSON (and an empty JSON body)", async () => {
    const { device, send } = await setUp();
    for (const body of ['{"name": "Changed"', "name=Changed", ""]) {
      const res = await send("PATCH", `device/${device.uuid}`, body, "application/json");
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(ApiErrorBody.parse(await res.json())).toMatchObject(MALFORMED);
    }
    expect((await storedDevice(device.uuid))?.name).toBe("Before");
  });

  it("accept JSON with a charset and +json types", async () => {
    const { location, send } = await setUp();
    for (const [contentType, name] of [
      ["application/json; charset=utf-8", "Charset"],
      ["application/merge-patch+json", "Merge patch"],
      ["Application/JSON", "Upper case"],
    ]) {
      const res = await send("PATCH", `location/${location.uuid}`, JSON.stringify({ name }), contentType);
      expect(res.status, contentType).toBe(200);
      expect(Location.parse(await res.json()).name).toBe(name);
      expect((await storedLocation(location.uuid))?.name).toBe(name);
    }
  });

  it("read a request without a body as {} (body-less clients keep working)", async () => {
    const { device, send } = await setUp();
    const res = await send("PATCH", `device/${device.uuid}`, undefined);
    expect(res.status).toBe(200);
    expect((await storedDevice(device.uuid))?.name).toBe("Before");
  });
});
