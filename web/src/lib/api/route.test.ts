import { deleteDevice } from "@contracts/devices/routes";
import { replySchemaOf, routePath } from "@contracts/http/route";
import { enrollAgent } from "@contracts/installation/agent-routes";
import { addTag, listTags } from "@contracts/tags/routes";
import { describe, expect, it } from "vitest";

describe("routes defined in contracts/api, as clients use them", () => {
  it("fills the path's params (URL-encoded) and writes it the spec's way, with a trailing slash", () => {
    expect(routePath(listTags, { space: "s 1" })).toBe("/space/s%201/tag/items/");
    expect(() => routePath(listTags, {})).toThrow("{space}");
  });

  it("parses a reply with the route's success schema: one schema, a union of 200/202, none for 204", () => {
    expect(replySchemaOf(addTag).parse({ uuid: "t", name: "vip", total_number: 2, extra: 1 })).toEqual({
      uuid: "t",
      name: "vip",
      total_number: 2,
    });
    expect(() => replySchemaOf(addTag).parse({ uuid: "t" })).toThrow();
    const enroll = replySchemaOf(enrollAgent);
    expect(enroll.parse({ status: "unclaimed" })).toEqual({ status: "unclaimed" });
    expect(enroll.parse({ device_uuid: "d", space_uuid: "s", credential: "c" })).toMatchObject({ credential: "c" });
    expect(replySchemaOf(deleteDevice).parse(undefined)).toBeUndefined();
  });
});
