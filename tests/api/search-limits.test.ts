import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AccountList } from "../../contracts/accounts/schema.ts";
import { DeviceList } from "../../contracts/devices/schema.ts";
import { LocationGroupList } from "../../contracts/location-groups/schema.ts";
import { LocationList } from "../../contracts/locations/schema.ts";
import { userTable } from "../../drizzle/schema/index.ts";
import { addMember, api, db, errorsOf, makeDevice, makeGroup, makeLocation, makeUser, memberOf } from "../factories.ts";

/**
 * Security D1 refuses LIKE patterns over 50 bytes ("LIKE or GLOB pattern too complex"),
 * so a search of 49+ bytes answered 500. Searches are capped at 100 characters (400) and run as
 * instr(), where every character is literal and the length is no limit.
 */
const TOO_LONG = "Ensure this field has no more than 100 characters.";
const text = (n: number) => "abcdefghijklmnopqrstuvwxyz0123456789".repeat(3).slice(0, n);
const PERCENTS = "%".repeat(25); // 25 bytes, 50 once escaped for LIKE
const ROCKETS = "🚀".repeat(13); // 4 bytes each: 52 bytes

/** Names that every endpoint's items get: one per search below, and ones that must not match. */
const NAMES = {
  long: `Lobby ${text(100)} end`,
  percents: `Sale ${PERCENTS} off`,
  fewPercents: "Sale 50% off",
  rockets: `Launch ${ROCKETS} pad`,
  other: "Plain item",
};

type Space = Awaited<ReturnType<typeof memberOf>>;
type Endpoint = {
  path: string;
  param: "search" | "name";
  /** Makes one item of the endpoint's kind with the name (or display name). */
  make: (f: Space, name: string) => Promise<unknown>;
  /** The names the reply lists (for a CSV export: which of NAMES it holds). */
  names: (res: Response) => Promise<string[]>;
};

const inCsv = async (res: Response) => {
  const body = await res.text();
  return Object.values(NAMES).filter((name) => body.includes(name));
};
const devices = async (res: Response) => DeviceList.parse(await res.json()).devices.map((d) => d.name);
const locations = async (res: Response) => LocationList.parse(await res.json()).locations.map((l) => l.name);
const makeDeviceNamed = (f: Space, name: string) => makeDevice(f.space.space_uuid, { name });
const makeLocationNamed = (f: Space, name: string) => makeLocation(f.space.space_uuid, { name });
async function makeAccountNamed(f: Space, name: string) {
  const user = await makeUser();
  await addMember(f.space.space_uuid, user.uuid, "viewer");
  await db().update(userTable).set({ display_name: name }).where(eq(userTable.uuid, user.uuid));
}

const ENDPOINTS: Endpoint[] = [
  { path: "device/items", param: "search", make: makeDeviceNamed, names: devices },
  { path: "device/items", param: "name", make: makeDeviceNamed, names: devices },
  { path: "asset/items", param: "search", make: makeDeviceNamed, names: devices },
  { path: "asset/items", param: "name", make: makeDeviceNamed, names: devices },
  { path: "asset/items/export", param: "search", make: makeDeviceNamed, names: inCsv },
  { path: "location/items", param: "search", make: makeLocationNamed, names: locations },
  { path: "location/items", param: "name", make: makeLocationNamed, names: locations },
  { path: "location/items/export", param: "search", make: makeLocationNamed, names: inCsv },
  {
    path: "location-group/items",
    param: "search",
    make: (f, name) => makeGroup(f.space.space_uuid, { name }),
    names: async (res) => LocationGroupList.parse(await res.json()).location_groups.map((g) => g.name),
  },
  {
    path: "location-group/items/export",
    param: "search",
    make: (f, name) => makeGroup(f.space.space_uuid, { name }),
    names: inCsv,
  },
  {
    path: "account/items",
    param: "search",
    make: makeAccountNamed,
    names: async (res) => AccountList.parse(await res.json()).accounts.map((a) => a.display_name),
  },
  { path: "account/items/export", param: "search", make: makeAccountNamed, names: inCsv },
];

describe.each(ENDPOINTS)("GET /api/space/{space}/$path/?$param=…", ({ path, param, make, names }) => {
  const setUp = async () => {
    const f = await memberOf("admin");
    for (const name of Object.values(NAMES)) await make(f, name);
    const get = (value: string) =>
      api(`/api/space/${f.space.space_uuid}/${path}/?${param}=${encodeURIComponent(value)}`, { token: f.token });
    return { get };
  };

  it("finds an item by 49 and by 100 characters of its name; 101 characters are refused with 400", async () => {
    const { get } = await setUp();
    for (const n of [49, 100]) {
      const res = await get(text(n));
      expect(res.status, `${n} characters`).toBe(200);
      expect(await names(res)).toEqual([NAMES.long]);
    }
    const res = await get(text(101));
    expect(res.status).toBe(400);
    expect(await errorsOf(res)).toEqual({ [param]: [TOO_LONG] });
  });

  it("matches % literally (25 of them) and 13 four-byte emoji", async () => {
    const { get } = await setUp();
    const percents = await get(PERCENTS);
    expect(percents.status).toBe(200);
    expect(await names(percents)).toEqual([NAMES.percents]);
    const rockets = await get(ROCKETS);
    expect(rockets.status).toBe(200);
    expect(await names(rockets)).toEqual([NAMES.rockets]);
    // Still case-insensitive for ASCII, as LIKE was.
    const upper = await get(text(60).toUpperCase());
    expect(upper.status).toBe(200);
    expect(await names(upper)).toEqual([NAMES.long]);
  });
});
