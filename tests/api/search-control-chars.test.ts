import { describe, expect, it } from "vitest";
import { UNSAFE_SEARCH_MESSAGE } from "../../contracts/http/text.ts";
import { api, errorsOf, makeDevice, memberOf } from "../factories.ts";

/**
 * A NUL inside a device search ended the FTS5 phrase early ("unterminated string"): 500 from the
 * device and asset lists and both exports. Every list's search now refuses control and
 * text-direction characters with the one 400 shape, before any query runs.
 */
const PATHS = [
  "device/items",
  "device/items/export",
  "asset/items",
  "asset/items/export",
  "location/items",
  "location/items/export",
  "location-group/items",
  "location-group/items/export",
  "account/items",
  "account/items/export",
];
const UNSAFE = ["a\u0000b", "abc\u0000", "\u0001abc", "ab\u007fcd", "abc\u202Edef"];

describe.each(PATHS)("GET /api/space/{space}/%s/?search= with a control character", (path) => {
  it("answers 400 with the field error, never 500", async () => {
    const f = await memberOf("admin");
    await makeDevice(f.space.space_uuid, { name: "abc device" });
    for (const value of UNSAFE) {
      const res = await api(`/api/space/${f.space.space_uuid}/${path}/?search=${encodeURIComponent(value)}`, {
        token: f.token,
      });
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(await errorsOf(res), JSON.stringify(value)).toEqual({ search: [UNSAFE_SEARCH_MESSAGE] });
    }
    // The same search without the character still answers.
    const res = await api(`/api/space/${f.space.space_uuid}/${path}/?search=abc`, { token: f.token });
    expect(res.status).toBe(200);
  });
});
