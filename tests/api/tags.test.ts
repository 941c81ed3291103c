import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { Tag, TagList } from "../../contracts/tags/schema.ts";
import { tagTable } from "../../drizzle/schema/index.ts";
import {
  api,
  auditOf,
  db,
  errorsOf,
  makeDevice,
  makeLocation,
  makeTag,
  memberOf,
  outsiderStatuses,
  tagDevice,
  tagLocation,
} from "../factories.ts";

const tagsIn = (spaceUuid: string) => db().select().from(tagTable).where(eq(tagTable.space_uuid, spaceUuid));

describe("GET /api/space/{space}/tag/items/", () => {
  it("lists the space's tags by name with the number of tagged locations and devices", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    const vip = await makeTag(s, "vip");
    const idle = await makeTag(s, "idle");
    await makeTag((await memberOf("viewer")).space.space_uuid, "foreign");
    await tagLocation(await makeLocation(s), vip);
    await tagDevice(await makeDevice(s), vip);
    await tagDevice(await makeDevice(s), vip);
    const res = await api(`/api/space/${s}/tag/items/`, { token });
    expect(res.status).toBe(200);
    expect(TagList.parse(await res.json()).tags).toEqual([
      { uuid: idle.uuid, name: "idle", total_number: 0 },
      { uuid: vip.uuid, name: "vip", total_number: 3 },
    ]);
  });

  it("refuses callers without a token (401) and of another space (403)", async () => {
    expect(await outsiderStatuses((s) => `/api/space/${s}/tag/items/`)).toEqual([401, 403]);
  });
});

describe("POST /api/space/{space}/tag/add/", () => {
  it("creates a tag (201) and answers an existing name with that tag (200)", async () => {
    const { space, token, user } = await memberOf("content_manager");
    const path = `/api/space/${space.space_uuid}/tag/add/`;
    const res = await api(path, { method: "POST", token, json: { name: "  outdoor " } });
    expect(res.status).toBe(201);
    const tag = Tag.parse(await res.json());
    expect(tag).toMatchObject({ name: "outdoor", total_number: 0 });
    const again = await api(path, { method: "POST", token, json: { name: "outdoor" } });
    expect(again.status).toBe(200);
    expect(Tag.parse(await again.json()).uuid).toBe(tag.uuid);
    expect(await tagsIn(space.space_uuid)).toHaveLength(1);
    const audit = await auditOf(tag.uuid, "tag.create");
    expect(audit).toEqual([expect.objectContaining({ actor_user_uuid: user.uuid })]);
  });

  it("validates the name: required, at most 20 characters", async () => {
    const { space, token } = await memberOf("content_manager");
    const path = `/api/space/${space.space_uuid}/tag/add/`;
    expect(await errorsOf(await api(path, { method: "POST", token, json: {} }))).toEqual({ name: ["Required"] });
    expect(await errorsOf(await api(path, { method: "POST", token, json: { name: " " } }))).toEqual({
      name: ["Required"],
    });
    const long = await api(path, { method: "POST", token, json: { name: "t".repeat(21) } });
    expect(long.status).toBe(400);
    expect(await errorsOf(long)).toEqual({ name: ["Ensure this field has no more than 20 characters."] });
  });

  it("refuses Viewers (403), callers without a token (401) and of another space (403)", async () => {
    const viewer = await memberOf("viewer");
    const outsider = await memberOf("admin");
    const path = `/api/space/${viewer.space.space_uuid}/tag/add/`;
    const json = { name: "x" };
    expect((await api(path, { method: "POST", token: viewer.token, json })).status).toBe(403);
    expect((await api(path, { method: "POST", json })).status).toBe(401);
    expect((await api(path, { method: "POST", token: outsider.token, json })).status).toBe(403);
    expect(await tagsIn(viewer.space.space_uuid)).toHaveLength(0);
  });
});
