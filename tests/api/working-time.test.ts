import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { WorkingTime } from "../../contracts/locations/working-time.ts";
import { locationTable, spaceTable, workingTimeTable } from "../../drizzle/schema/index.ts";
import { api, auditOf, db, errorsOf, makeLocation, makeWorkingTime, memberOf, outsiderStatuses } from "../factories.ts";

const rowsOf = (spaceUuid: string, locationUuid: string | null) =>
  db()
    .select()
    .from(workingTimeTable)
    .where(
      and(
        eq(workingTimeTable.space_uuid, spaceUuid),
        locationUuid ? eq(workingTimeTable.location_uuid, locationUuid) : isNull(workingTimeTable.location_uuid),
      ),
    )
    .orderBy(workingTimeTable.day, workingTimeTable.position);

const nine2five = [{ start: "09:00:00", end: "17:00:00" }];

describe("global working time /api/space/{space}/working-time/", () => {
  it("reads the space schedule (days off are empty lists)", async () => {
    const { space, token } = await memberOf("viewer");
    await makeWorkingTime(space.space_uuid, null, "friday", nine2five);
    const res = await api(`/api/space/${space.space_uuid}/working-time/`, { token });
    expect(res.status).toBe(200);
    const schedule = WorkingTime.parse(await res.json());
    expect(schedule).toMatchObject({
      working_time_friday: nine2five,
      working_time_monday: [],
      global_working_time_enabled: false,
    });
  });

  it("lets an Admin save it: days sent are replaced, others kept, the global flag set, audited", async () => {
    const { space, token, user } = await memberOf("admin");
    const s = space.space_uuid;
    await makeWorkingTime(s, null, "monday", [{ start: "07:00:00", end: "08:00:00" }]);
    await makeWorkingTime(s, null, "sunday", nine2five);
    const res = await api(`/api/space/${s}/working-time/`, {
      method: "PATCH",
      token,
      json: {
        working_time_monday: [
          { start: "13:00:00", end: "17:00:00" },
          { start: "08:00:00", end: "12:59:59" },
        ],
        working_time_tuesday: [],
        global_working_time_enabled: false,
      },
    });
    expect(res.status).toBe(200);
    const schedule = WorkingTime.parse(await res.json());
    expect(schedule.working_time_monday).toEqual([
      { start: "08:00:00", end: "12:59:59" },
      { start: "13:00:00", end: "17:00:00" },
    ]);
    expect(schedule.working_time_sunday).toEqual(nine2five);
    expect(schedule.global_working_time_enabled).toBe(true);
    const rows = await rowsOf(s, null);
    expect(rows.map((r) => `${r.day}:${r.position}:${r.start}-${r.end}`)).toEqual([
      "monday:0:08:00:00-12:59:59",
      "monday:1:13:00:00-17:00:00",
      "sunday:0:09:00:00-17:00:00",
    ]);
    const stored = await db().select().from(spaceTable).where(eq(spaceTable.space_uuid, s)).get();
    expect(stored?.global_working_time_enabled).toBe(true);
    const audit = await auditOf(s);
    expect(audit).toEqual([expect.objectContaining({ action: "working_time.update", actor_user_uuid: user.uuid })]);
  });

  it("answers per-day errors aligned with the entries", async () => {
    const { space, token } = await memberOf("admin");
    const res = await api(`/api/space/${space.space_uuid}/working-time/`, {
      method: "PATCH",
      token,
      json: {
        working_time_monday: [
          { start: "08:00:00", end: "12:00:00" },
          { start: "12:00:00", end: "13:00:00" },
          { start: "24:00:00", end: "7:00" },
        ],
        working_time_wednesday: [
          { start: "10:00:00", end: "09:00:00" },
          { start: "11:00:00", end: "15:00:00" },
          { start: "14:00:00", end: "16:00:00" },
        ],
        working_time_friday: [{ start: "09:00:00", end: "17:00:00" }],
        working_time_sunday: "closed",
      },
    });
    expect(res.status).toBe(400);
    expect(await errorsOf(res)).toEqual({
      working_time_monday: [
        {},
        { start: ["Overlapping intervals detected"] },
        { start: ["Time must be in hh:mm:ss format"], end: ["Time must be in hh:mm:ss format"] },
      ],
      working_time_wednesday: [
        { end: ["End time must be after start time."] },
        {},
        { start: ["Overlapping intervals detected"] },
      ],
      working_time_sunday: ["Invalid input: expected array, received string"],
    });
    expect(await rowsOf(space.space_uuid, null)).toHaveLength(0);
  });

  it("is saved by Admins only (Content Manager and Viewer 403), read by members only", async () => {
    for (const role of ["content_manager", "viewer"] as const) {
      const { space, token } = await memberOf(role);
      const path = `/api/space/${space.space_uuid}/working-time/`;
      expect((await api(path, { method: "PATCH", token, json: { working_time_monday: nine2five } })).status).toBe(403);
      expect(await rowsOf(space.space_uuid, null)).toHaveLength(0);
    }
    expect(await outsiderStatuses((s) => `/api/space/${s}/working-time/`)).toEqual([401, 403]);
  });
});

describe("local working time /api/space/{space}/location/{loc}/working-time/", () => {
  it("reads and saves the location's own schedule, switching it off the global one", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const location = await makeLocation(s);
    await makeWorkingTime(s, null, "monday", nine2five);
    const path = `/api/space/${s}/location/${location.uuid}/working-time/`;
    const before = WorkingTime.parse(await (await api(path, { token })).json());
    expect(before).toMatchObject({ working_time_monday: [], global_working_time_enabled: true });
    const res = await api(path, { method: "PATCH", token, json: { working_time_saturday: nine2five } });
    expect(res.status).toBe(200);
    expect(WorkingTime.parse(await res.json())).toMatchObject({
      working_time_saturday: nine2five,
      working_time_monday: [],
      global_working_time_enabled: false,
    });
    expect((await rowsOf(s, location.uuid)).map((r) => r.day)).toEqual(["saturday"]);
    expect(await rowsOf(s, null)).toHaveLength(1);
    const stored = await db().select().from(locationTable).where(eq(locationTable.uuid, location.uuid)).get();
    expect(stored?.global_working_time_enabled).toBe(false);
    const back = await api(path, { method: "PATCH", token, json: { global_working_time_enabled: true } });
    expect(WorkingTime.parse(await back.json()).global_working_time_enabled).toBe(true);
  });

  it("refuses Viewers (403) and another space's location (404), storing nothing", async () => {
    const viewer = await memberOf("viewer");
    const location = await makeLocation(viewer.space.space_uuid);
    const path = `/api/space/${viewer.space.space_uuid}/location/${location.uuid}/working-time/`;
    const json = { working_time_monday: nine2five };
    expect((await api(path, { method: "PATCH", token: viewer.token, json })).status).toBe(403);
    const cm = await memberOf("content_manager");
    const cross = `/api/space/${cm.space.space_uuid}/location/${location.uuid}/working-time/`;
    expect((await api(cross, { token: cm.token })).status).toBe(404);
    expect((await api(cross, { method: "PATCH", token: cm.token, json })).status).toBe(404);
    expect(await rowsOf(viewer.space.space_uuid, location.uuid)).toHaveLength(0);
  });
});
