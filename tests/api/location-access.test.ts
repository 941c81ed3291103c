import { describe, expect, it } from "vitest";
import { api, makeGroup, makeLocation, memberOf } from "../factories.ts";

type Route = [method: "GET" | "POST" | "PATCH" | "DELETE", path: string];

/** Every route of locations, groups, working time and tags, for one location and group of the space. */
const routes = (s: string, loc: string, group: string): Route[] => [
  ["GET", `/api/space/${s}/location-type/items/`],
  ["GET", `/api/space/${s}/location/country/items/`],
  ["GET", `/api/space/${s}/location/items/`],
  ["GET", `/api/space/${s}/location/items/export/`],
  ["POST", `/api/space/${s}/location/add/`],
  ["GET", `/api/space/${s}/location/${loc}/`],
  ["PATCH", `/api/space/${s}/location/${loc}/`],
  ["DELETE", `/api/space/${s}/location/${loc}/`],
  ["GET", `/api/space/${s}/location/${loc}/asset/items/`],
  ["GET", `/api/space/${s}/location/${loc}/camera/items/`],
  ["GET", `/api/space/${s}/device/location/items/?location_uuid=${loc}`],
  ["GET", `/api/space/${s}/working-time/`],
  ["PATCH", `/api/space/${s}/working-time/`],
  ["GET", `/api/space/${s}/location/${loc}/working-time/`],
  ["PATCH", `/api/space/${s}/location/${loc}/working-time/`],
  ["GET", `/api/space/${s}/location-group/items/`],
  ["GET", `/api/space/${s}/location-group/items/export/`],
  ["POST", `/api/space/${s}/location-group/add/`],
  ["GET", `/api/space/${s}/location-group/${group}/`],
  ["PATCH", `/api/space/${s}/location-group/${group}/`],
  ["DELETE", `/api/space/${s}/location-group/${group}/`],
  ["GET", `/api/space/${s}/tag/items/`],
  ["POST", `/api/space/${s}/tag/add/`],
];

describe("access to every location, group, working-time and tag route", () => {
  it("answers 401 without a token, 403 to another space's member, 403 to a Viewer's writes", async () => {
    const owner = await memberOf("viewer");
    const outsider = await memberOf("admin");
    const s = owner.space.space_uuid;
    const location = await makeLocation(s);
    const group = await makeGroup(s);
    for (const [method, path] of routes(s, location.uuid, group.uuid)) {
      const json = method === "GET" || method === "DELETE" ? undefined : { name: "x" };
      const anonymous = await api(path, { method, json });
      expect([method, path, anonymous.status]).toEqual([method, path, 401]);
      const foreign = await api(path, { method, json, token: outsider.token });
      expect([method, path, foreign.status]).toEqual([method, path, 403]);
      const asViewer = await api(path, { method, json, token: owner.token });
      expect([method, path, asViewer.status]).toEqual([method, path, method === "GET" ? 200 : 403]);
    }
  });
});
