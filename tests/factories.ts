import { env, SELF } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { CONSOLE_CLIENT_ID, TokenResponse } from "../contracts/auth/schema.ts";
import { ApiErrorBody } from "../contracts/http/errors.ts";
import { LOCATION_TYPE_UUID, PERIPHERAL_TYPE_UUID, ROLE_UUID } from "../contracts/reference.ts";
import {
  applicationTable,
  auditLogTable,
  cameraTable,
  commentTable,
  deviceCredentialTable,
  deviceTable,
  deviceTagTable,
  displayApplicationTable,
  displayTable,
  locationGroupLocationTable,
  locationGroupTable,
  locationTable,
  locationTagTable,
  peripheralTable,
  spaceAccountTable,
  spaceTable,
  tagTable,
  userTable,
  workingTimeTable,
} from "../drizzle/schema/index.ts";
import { hashPassword } from "../worker/auth/password.ts";
import { randomToken, sha256Hex } from "../worker/lib/crypto.ts";
import { createDb } from "../worker/lib/db.ts";

/** Test data factories: every call makes fresh rows with unique ids (no shared seed). */
export const ORIGIN = "http://outpost.test";
export const db = () => createDb(env);
export const uid = () => crypto.randomUUID();

/** Inserts one row and returns it as stored (defaults filled in). */
async function insertOne<T extends SQLiteTable>(table: T, values: T["$inferInsert"]): Promise<T["$inferSelect"]> {
  const [row] = await db().insert(table).values(values).returning();
  return row as T["$inferSelect"];
}

export async function makeSpace(overrides: Partial<typeof spaceTable.$inferInsert> = {}) {
  const space_uuid = uid();
  return insertOne(spaceTable, {
    space_uuid,
    space_name: `Space ${space_uuid.slice(0, 8)}`,
    timezone: "Europe/Zagreb",
    ...overrides,
  });
}

type Role = keyof typeof ROLE_UUID;

export async function makeUser(opts: { password?: string; super_admin?: boolean; sys_dev?: boolean } = {}) {
  const id = uid().slice(0, 8);
  return insertOne(userTable, {
    email: `user-${id}@outpost.test`,
    username: `user-${id}`,
    display_name: `test.user${id}`,
    // Few iterations keep tests fast; production hashes use the 100 000 default.
    password_hash: await hashPassword(opts.password ?? "correct horse", 1000),
    super_admin: opts.super_admin ?? false,
    sys_dev: opts.sys_dev ?? false,
  });
}

export async function addMember(
  spaceUuid: string,
  userUuid: string,
  role: Role,
  status: "active" | "invited" | "disabled" = "active",
) {
  return insertOne(spaceAccountTable, {
    space_uuid: spaceUuid,
    user_uuid: userUuid,
    role_uuid: ROLE_UUID[role],
    status,
  });
}

export function tokenRequest(form: Record<string, string>, headers: Record<string, string> = {}) {
  return SELF.fetch(`${ORIGIN}/auth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(form),
  });
}

export async function signIn(email: string, password = "correct horse", address = uid()) {
  const res = await tokenRequest(
    { grant_type: "password", username: email, password, client_id: CONSOLE_CLIENT_ID, scope: "openid" },
    { "CF-Connecting-IP": address },
  );
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return TokenResponse.parse(await res.json());
}

/** A space with a signed-in member of the given role. */
export async function memberOf(role: Role, space?: typeof spaceTable.$inferSelect) {
  const s = space ?? (await makeSpace());
  const user = await makeUser();
  const account = await addMember(s.space_uuid, user.uuid, role);
  const tokens = await signIn(user.email);
  return { space: s, user, account, tokens, token: tokens.access_token };
}

export function api(path: string, init: RequestInit & { token?: string; json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }
  return SELF.fetch(`${ORIGIN}${path}`, { ...init, headers, body });
}

/**
 * What the space's route answers outsiders: [without a token, for a member of another space]
 * (401 and 403 expected). `path` is the route's path for a space uuid.
 */
export async function outsiderStatuses(path: (space: string) => string): Promise<[number, number]> {
  const [space, stranger] = await Promise.all([makeSpace(), memberOf("viewer")]);
  const url = path(space.space_uuid);
  return [(await api(url)).status, (await api(url, { token: stranger.token })).status];
}

export const makeLocation = (spaceUuid: string, overrides: Partial<typeof locationTable.$inferInsert> = {}) =>
  insertOne(locationTable, { space_uuid: spaceUuid, name: `Location ${uid().slice(0, 6)}`, ...overrides });

/** A location add body that passes every check: a shop with all its place fields. */
export const locationAddInput = {
  name: "Main shop",
  display_id: "MS-1",
  location_type_uuid: LOCATION_TYPE_UUID.shop,
  country_code: "HR",
  city: "Zagreb",
  address: "Ilica 1",
  zip_code: "10000",
  timezone: "Europe/Zagreb",
};

export const makeDevice = (spaceUuid: string, overrides: Partial<typeof deviceTable.$inferInsert> = {}) =>
  insertOne(deviceTable, { space_uuid: spaceUuid, name: `Device ${uid().slice(0, 6)}`, ...overrides });

/** Issues a device credential the way enrolment does; returns the secret (only its hash is stored). */
export async function makeDeviceCredential(device: { uuid: string; space_uuid: string }) {
  const token = randomToken();
  await db()
    .insert(deviceCredentialTable)
    .values({ token_hash: await sha256Hex(token), device_uuid: device.uuid, space_uuid: device.space_uuid });
  return token;
}

export const makeTag = (spaceUuid: string, name = `tag-${uid().slice(0, 8)}`) =>
  insertOne(tagTable, { space_uuid: spaceUuid, name });

/** Links tags to a location or a device (of the tag's space). */
export async function tagLocation(location: { uuid: string; space_uuid: string }, ...tags: { uuid: string }[]) {
  await db()
    .insert(locationTagTable)
    .values(tags.map((t) => ({ location_uuid: location.uuid, tag_uuid: t.uuid, space_uuid: location.space_uuid })));
}

export async function tagDevice(device: { uuid: string; space_uuid: string }, ...tags: { uuid: string }[]) {
  await db()
    .insert(deviceTagTable)
    .values(tags.map((t) => ({ device_uuid: device.uuid, tag_uuid: t.uuid, space_uuid: device.space_uuid })));
}

/** A location group of the space, linked to `locations`. */
export async function makeGroup(
  spaceUuid: string,
  overrides: Partial<typeof locationGroupTable.$inferInsert> = {},
  locations: { uuid: string }[] = [],
) {
  const row = await insertOne(locationGroupTable, {
    space_uuid: spaceUuid,
    name: `Group ${uid().slice(0, 6)}`,
    ...overrides,
  });
  if (locations.length) {
    await db()
      .insert(locationGroupLocationTable)
      .values(locations.map((l) => ({ location_group_uuid: row.uuid, location_uuid: l.uuid, space_uuid: spaceUuid })));
  }
  return row;
}

export const makeCamera = (
  location: { uuid: string; space_uuid: string },
  overrides: Partial<typeof cameraTable.$inferInsert> = {},
) =>
  insertOne(cameraTable, {
    space_uuid: location.space_uuid,
    location_uuid: location.uuid,
    name: `Camera ${uid().slice(0, 6)}`,
    ip_address: "10.0.0.9",
    http_port: 80,
    main_rtsp_port: 554,
    main_stream: "stream1",
    username: "admin",
    password: "secret-password",
    ...overrides,
  });

/** Working-time rows for a day: the space's schedule (location null) or a location's. */
export async function makeWorkingTime(
  spaceUuid: string,
  locationUuid: string | null,
  day: (typeof workingTimeTable.$inferInsert)["day"],
  entries: { start: string; end: string }[],
) {
  await db()
    .insert(workingTimeTable)
    .values(
      entries.map((e, position) => ({ space_uuid: spaceUuid, location_uuid: locationUuid, day, position, ...e })),
    );
}

/** The field errors of an error reply, parsed with the API's error contract. */
export const errorsOf = async (res: Response) => ApiErrorBody.parse(await res.json()).errors;

/** The audit entries of an entity; of one action when `action` is given. */
export const auditOf = (entityUuid: string, action?: string) =>
  db()
    .select()
    .from(auditLogTable)
    .where(and(eq(auditLogTable.entity_uuid, entityUuid), action ? eq(auditLogTable.action, action) : undefined))
    .all();

type OfDevice = { uuid: string; space_uuid: string };

/** A peripheral of a device (a card reader unless told otherwise). */
export const makePeripheral = (device: OfDevice, overrides: Partial<typeof peripheralTable.$inferInsert> = {}) =>
  insertOne(peripheralTable, {
    space_uuid: device.space_uuid,
    device_uuid: device.uuid,
    peripheral_type_uuid: PERIPHERAL_TYPE_UUID.card_reader,
    name: `Peripheral ${uid().slice(0, 6)}`,
    ...overrides,
  });

/** A display of a device. */
export const makeDisplay = (device: OfDevice, overrides: Partial<typeof displayTable.$inferInsert> = {}) =>
  insertOne(displayTable, {
    space_uuid: device.space_uuid,
    device_uuid: device.uuid,
    name: `HDMI-${uid().slice(0, 4)}`,
    ...overrides,
  });

/** A new application shown on `display` (with its configuration); the application's row. */
export async function makeDisplayApplication(
  display: { uuid: string; space_uuid: string },
  config: Record<string, unknown> = {},
) {
  const app = await insertOne(applicationTable, { name: `App ${uid()}` });
  await db()
    .insert(displayApplicationTable)
    .values({ display_uuid: display.uuid, application_uuid: app.uuid, space_uuid: display.space_uuid, config });
  return app;
}

/** A comment by `authorUuid` on a device (or one of its displays/peripherals via overrides). */
export const makeComment = (
  device: OfDevice,
  authorUuid: string,
  overrides: Partial<typeof commentTable.$inferInsert> = {},
) =>
  insertOne(commentTable, {
    space_uuid: device.space_uuid,
    device_uuid: device.uuid,
    author_user_uuid: authorUuid,
    value: `Comment ${uid().slice(0, 6)}`,
    ...overrides,
  });
