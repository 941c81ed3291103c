import { describe, expect, it } from "vitest";
import { DeviceList } from "../../contracts/devices/schema.ts";
import { api, makeDevice, memberOf } from "../factories.ts";

/** GET a list URL (absolute, as in links) and parse it. */
async function get(url: string, token: string) {
  const u = new URL(url);
  const res = await api(u.pathname + u.search, { token });
  expect(res.status, url).toBe(200);
  return DeviceList.parse(await res.json());
}

/** The link with its cursor's fields changed (cursors are base64url JSON). */
function withCursor(link: string, change: (cursor: Record<string, unknown>) => Record<string, unknown>) {
  const u = new URL(link);
  const raw = u.searchParams.get("cursor") ?? "";
  const json = JSON.parse(atob(raw.replaceAll("-", "+").replaceAll("_", "/"))) as Record<string, unknown>;
  const encoded = btoa(JSON.stringify(change(json)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
  u.searchParams.set("cursor", encoded);
  return u.toString();
}

describe("objects_count on cursor pages", () => {
  it("a page reached by its link's cursor reuses the first page's count; a numbered page counts", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    for (let i = 0; i < 5; i++) await makeDevice(s);
    const first = await get(`http://outpost.test/api/space/${s}/device/items/?page_size=2`, token);
    expect(first).toMatchObject({ objects_count: 5, pages_count: 3 });
    // Two more devices: the pages that follow the first page's links keep its count.
    await makeDevice(s);
    await makeDevice(s);
    const second = await get(first.links.next ?? "", token);
    expect(second.objects_count).toBe(first.objects_count);
    expect(second.pages_count).toBe(first.pages_count);
    expect(second.devices).toHaveLength(2);
    const third = await get(second.links.next ?? "", token);
    expect(third.objects_count).toBe(first.objects_count);
    const back = await get(third.links.previous ?? "", token);
    expect(back.objects_count).toBe(first.objects_count);
    // A page by number (no cursor) counts afresh.
    const numbered = await get(`http://outpost.test/api/space/${s}/device/items/?page_size=2&page=2`, token);
    expect(numbered).toMatchObject({ objects_count: 7, pages_count: 4 });
  });

  it("counts again when the cursor's count is old, of other filters or forged", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    for (let i = 0; i < 3; i++) await makeDevice(s);
    const first = await get(`http://outpost.test/api/space/${s}/device/items/?page_size=1`, token);
    expect(first.objects_count).toBe(3);
    await makeDevice(s);
    const next = first.links.next ?? "";
    const old = withCursor(next, (c) => ({ ...c, t: Number(c.t) - 31 }));
    expect((await get(old, token)).objects_count).toBe(4);
    const otherFilters = new URL(next);
    otherFilters.searchParams.set("enabled", "true");
    expect((await get(otherFilters.toString(), token)).objects_count).toBe(4);
    const forged = withCursor(next, (c) => ({ ...c, f: "0" }));
    expect((await get(forged, token)).objects_count).toBe(4);
    // A cursor without a count (made before counts were carried) still works.
    const bare = withCursor(next, ({ c: _c, t: _t, f: _f, ...rest }) => rest);
    expect((await get(bare, token)).objects_count).toBe(4);
  });
});
