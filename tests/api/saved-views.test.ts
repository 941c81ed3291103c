import { describe, expect, it } from "vitest";
import { SavedView, SavedViewListReply } from "../../contracts/saved-views/schema.ts";
import { api, errorsOf, memberOf, outsiderStatuses } from "../factories.ts";

const path = (space: string) => `/api/space/${space}/saved-views/`;
const save = (space: string, token: string, json: unknown) => api(path(space), { method: "POST", token, json });
const listOf = async (space: string, token: string, query = "") =>
  SavedViewListReply.parse(await (await api(`${path(space)}${query}`, { token })).json()).saved_views;

describe("saved views /api/space/{space}/saved-views/", () => {
  it("saves a list's query under a name and lists the caller's views by list and name", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    const res = await save(s, token, {
      name: "  Offline kiosks ",
      list: "devices",
      query: "?connected_status=disconnected&connected_status=non_connected&ordering=name",
    });
    expect(res.status).toBe(201);
    const view = SavedView.parse(await res.json());
    expect(view).toMatchObject({
      name: "Offline kiosks",
      list: "devices",
      query: "connected_status=disconnected&connected_status=non_connected&ordering=name",
    });
    expect((await save(s, token, { name: "A first", list: "devices", query: "" })).status).toBe(201);
    expect((await save(s, token, { name: "Berlin", list: "locations", query: "search=berlin" })).status).toBe(201);
    expect((await listOf(s, token)).map((v) => [v.list, v.name])).toEqual([
      ["devices", "A first"],
      ["devices", "Offline kiosks"],
      ["locations", "Berlin"],
    ]);
    expect((await listOf(s, token, "?list=locations")).map((v) => v.name)).toEqual(["Berlin"]);
  });

  it("keeps names unique per account, space and list; validates name, list and query", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    expect((await save(s, token, { name: "Mine", list: "devices", query: "a=1" })).status).toBe(201);
    const again = await save(s, token, { name: "Mine", list: "devices", query: "a=2" });
    expect(again.status).toBe(400);
    expect((await errorsOf(again))?.name).toEqual(["You already have a view with this name for this list."]);
    // Same name on another list is fine.
    expect((await save(s, token, { name: "Mine", list: "accounts", query: "" })).status).toBe(201);
    const bad = await save(s, token, { name: "x".repeat(61), list: "widgets", query: "q".repeat(2001) });
    expect(bad.status).toBe(400);
    const errors = await errorsOf(bad);
    expect(errors?.name).toEqual(["Ensure this field has no more than 60 characters."]);
    expect(errors?.list).toEqual(['"widgets" is not a valid choice.']);
    expect(errors?.query).toEqual(["Ensure this field has no more than 2000 characters."]);
    const empty = await save(s, token, { name: "   ", list: "devices" });
    expect(await errorsOf(empty)).toMatchObject({ name: ["Required"], query: ["Required"] });
    expect((await api(`${path(s)}?list=nope`, { token })).status).toBe(400);
  });

  it("shows a member only their own views; another member cannot delete them", async () => {
    const alice = await memberOf("admin");
    const s = alice.space.space_uuid;
    const bob = await memberOf("viewer", alice.space);
    const view = SavedView.parse(await (await save(s, alice.token, { name: "A", list: "devices", query: "" })).json());
    expect((await save(s, bob.token, { name: "A", list: "devices", query: "x=1" })).status).toBe(201);
    expect((await listOf(s, bob.token)).map((v) => v.query)).toEqual(["x=1"]);
    expect((await api(`${path(s)}${view.uuid}/`, { method: "DELETE", token: bob.token })).status).toBe(404);
    expect((await listOf(s, alice.token)).map((v) => v.uuid)).toEqual([view.uuid]);
    expect((await api(`${path(s)}${view.uuid}/`, { method: "DELETE", token: alice.token })).status).toBe(204);
    expect(await listOf(s, alice.token)).toEqual([]);
    expect((await api(`${path(s)}${view.uuid}/`, { method: "DELETE", token: alice.token })).status).toBe(404);
  });

  it("keeps views per space: one space's views are not listed in another", async () => {
    const one = await memberOf("viewer");
    const other = await memberOf("viewer");
    await save(one.space.space_uuid, one.token, { name: "Here", list: "devices", query: "" });
    expect(await listOf(other.space.space_uuid, other.token)).toEqual([]);
  });

  it("refuses callers without a token (401) and of another space (403)", async () => {
    expect(await outsiderStatuses(path)).toEqual([401, 403]);
  });
});
