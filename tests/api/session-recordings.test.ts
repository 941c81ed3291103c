import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { recordingChunkKey, recordingPrefix } from "../../contracts/sessions/schema.ts";
import { sessionRecordingTable } from "../../drizzle/schema/index.ts";
import type { Env } from "../../worker/env.ts";
import { pruneAllRecordings, pruneRecordings } from "../../worker/services/sessions/recordings.ts";
import { api, auditOf, db, makeDevice, memberOf } from "../factories.ts";

describe("session recordings' retention", () => {
  it("the daily run deletes ended recordings past the space's retention at the injected time, audited; keeps the rest", async () => {
    const admin = await memberOf("admin");
    const space = admin.space.space_uuid;
    const device = await makeDevice(space);
    const res = await api(`/api/space/${space}/session-policy/`, {
      method: "PUT",
      token: admin.token,
      json: {
        rights: {
          admin: { view: true, control: true, terminal: true },
          content_manager: { view: true, control: true, terminal: true },
        },
        recording: { required: false, input: false, retention_days: 10 },
      },
    });
    expect(res.status).toBe(200);
    const bucket = (env as unknown as Env).FILES;
    const make = async (created_at: string, ended: boolean) => {
      const session = crypto.randomUUID();
      await db()
        .insert(sessionRecordingTable)
        .values({
          session,
          space_uuid: space,
          device_uuid: device.uuid,
          user_uuid: admin.user.uuid,
          kind: "terminal",
          created_at,
          ended_at: ended ? created_at : null,
        });
      await bucket.put(recordingChunkKey(space, session, 0), "{}\n");
      return session;
    };
    const old = await make("2026-01-01T10:00:00.000Z", true);
    const running = await make("2026-01-01T10:00:00.000Z", false);
    const recent = await make("2026-01-08T10:00:00.000Z", true);

    // The daily run prunes every space the same way.
    expect(await pruneAllRecordings(env as unknown as Env, new Date("2026-01-12T10:00:00Z"))).toBeGreaterThanOrEqual(1);
    expect(await pruneRecordings(env as unknown as Env, space, new Date("2026-01-12T10:00:00Z"))).toBe(0);
    const left = await db().select().from(sessionRecordingTable).where(eq(sessionRecordingTable.space_uuid, space));
    expect(left.map((r) => r.session).sort()).toEqual([running, recent].sort());
    expect((await bucket.list({ prefix: recordingPrefix(space, old) })).objects).toEqual([]);
    expect((await bucket.list({ prefix: recordingPrefix(space, recent) })).objects).toHaveLength(1);
    const [audit] = await auditOf(old, "device.recording.delete");
    expect(audit.after).toEqual({ reason: "retention" });
    expect(audit.before).toMatchObject({ device_uuid: device.uuid, session: old });
  });

  it("recordings are an Admin's: a Content Manager is refused the list and the replay", async () => {
    const cm = await memberOf("content_manager");
    const list = await api(`/api/space/${cm.space.space_uuid}/recording/items/`, { token: cm.token });
    expect(list.status).toBe(403);
  });
});
