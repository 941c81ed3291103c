import { env } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { IssuedCredential } from "../../contracts/access/schema.ts";
import { AUDIT_TEXT, AuditAnchors, AuditList, AuditVerifyResult } from "../../contracts/audit/schema.ts";
import { CONSOLE_CLIENT_ID } from "../../contracts/auth/schema.ts";
import { ApiErrorBody } from "../../contracts/http/errors.ts";
import { auditAnchorTable, auditLogTable } from "../../drizzle/schema/index.ts";
import { anchorKey, writeDailyAnchors } from "../../worker/services/audit/anchors.ts";
import { chainSpace } from "../../worker/services/audit/chain.ts";
import { CHAIN_AFTER_MS, chainSoon } from "../../worker/services/audit/maintenance.ts";
import { pruneSpace } from "../../worker/services/audit/retention.ts";
import { verifyChain } from "../../worker/services/audit/verify.ts";
import { auditInsert } from "../../worker/services/kernel/audit.ts";
import { api, db, makeDevice, memberOf, outsiderStatuses, tokenRequest, uid } from "../factories.ts";

/* The space's tamper-evident audit log: who did what, chained per space, verified, exported. */

/** `n` entries about `entity` in the space, each in its own batch, as services write them. */
async function writeEntries(space: string, n: number, entity = uid()) {
  for (let i = 0; i < n; i++) {
    await db().batch([
      auditInsert(db(), {
        spaceUuid: space,
        action: "test.change",
        entityType: "thing",
        entityUuid: entity,
        after: { i },
      }),
    ]);
  }
}

const seqsOf = async (space: string) =>
  (
    await db()
      .select({ seq: auditLogTable.seq })
      .from(auditLogTable)
      .where(eq(auditLogTable.space_uuid, space))
      .orderBy(auditLogTable.seq)
  ).map((r) => r.seq);

describe("the audit chain", () => {
  it("concurrent writers get consecutive sequences: no gaps, no forks, and the chain verifies", async () => {
    const { space } = await memberOf("admin");
    const s = space.space_uuid;
    const before = (await seqsOf(s)).length;
    // 25 batches at once, each a change and its entry, as 25 requests would send them.
    await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        db().batch([
          auditInsert(db(), { spaceUuid: s, action: "test.concurrent", entityType: "thing", after: { i } }),
          auditInsert(db(), { spaceUuid: s, action: "test.concurrent.second", entityType: "thing", after: { i } }),
        ]),
      ),
    );
    // Two chainers racing compute the same hashes.
    await Promise.all([chainSpace(db(), s), chainSpace(db(), s)]);
    const seqs = await seqsOf(s);
    expect(seqs).toEqual(Array.from({ length: before + 50 }, (_, i) => i + 1));
    const hashes = await db()
      .select({ prev: auditLogTable.prev_hash })
      .from(auditLogTable)
      .where(eq(auditLogTable.space_uuid, s));
    expect(new Set(hashes.map((h) => h.prev)).size).toBe(hashes.length); // each entry has its own predecessor: no fork
    expect(await verifyChain(db(), s)).toMatchObject({ ok: true, first_broken_seq: null, checked: before + 50 });
  });

  it("a burst of changes is chained after them in one pass, and a change during a pass gets its own", async () => {
    const passes: (string | null)[][] = [];
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const deps = {
      wait: () => gate,
      chain: async (_c: unknown, spaces: Iterable<string | null>) => {
        passes.push([...spaces]);
      },
    };
    const [a, b] = [uid(), uid()];
    // Five requests of a burst, then one touching a second space as well, before the pass starts.
    const burst = [
      ...Array.from({ length: 5 }, () => chainSoon({ env }, new Set([a]), deps)),
      chainSoon({ env }, new Set([a, b]), deps),
    ];
    release();
    await Promise.all(burst);
    expect(passes).toEqual([[a], [b]]);
    // Once a pass has started, a later change may not be in what it read: it schedules another.
    await chainSoon({ env }, new Set([a]), { ...deps, wait: async () => {} });
    expect(passes).toEqual([[a], [b], [a]]);
  });

  it("a change made through the API is chained shortly after it answers", async () => {
    const admin = await memberOf("admin");
    const s = admin.space.space_uuid;
    const device = await makeDevice(s);
    const res = await api(`/api/space/${s}/device/${device.uuid}/`, {
      token: admin.token,
      method: "PATCH",
      json: { name: "chained soon" },
    });
    expect(res.status).toBe(200);
    const unhashed = async () =>
      (
        await db()
          .select({ seq: auditLogTable.seq })
          .from(auditLogTable)
          .where(and(eq(auditLogTable.space_uuid, s), sql`hash is null`))
      ).length;
    const deadline = Date.now() + CHAIN_AFTER_MS + 3000;
    while ((await unhashed()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await unhashed()).toBe(0);
    expect(await verifyChain(db(), s)).toMatchObject({ ok: true, first_broken_seq: null });
  });

  it("editing or deleting a row directly in D1 is named by verify as the first broken sequence", async () => {
    const admin = await memberOf("admin");
    const s = admin.space.space_uuid;
    await writeEntries(s, 6);
    await chainSpace(db(), s);
    const verify = async () => {
      const res = await api(`/api/space/${s}/audit/verify/`, { token: admin.token });
      expect(res.status).toBe(200);
      return AuditVerifyResult.parse(await res.json());
    };
    expect(await verify()).toMatchObject({ ok: true, first_broken_seq: null });

    const seqs = (await seqsOf(s)).filter((x): x is number => x != null);
    const edited = seqs[3] as number;
    const original = await env.DB.prepare("select after from audit_log where space_uuid = ? and seq = ?")
      .bind(s, edited)
      .first<{ after: string }>();
    await env.DB.prepare(`update audit_log set after = '{"i":99}' where space_uuid = ? and seq = ?`)
      .bind(s, edited)
      .run();
    expect(await verify()).toMatchObject({
      ok: false,
      first_broken_seq: edited,
      reason: "The entry was changed after it was written.",
    });
    await env.DB.prepare("update audit_log set after = ? where space_uuid = ? and seq = ?")
      .bind(original?.after, s, edited)
      .run();
    expect(await verify()).toMatchObject({ ok: true });

    const deleted = seqs[1] as number;
    await env.DB.prepare("delete from audit_log where space_uuid = ? and seq = ?").bind(s, deleted).run();
    expect(await verify()).toMatchObject({ ok: false, first_broken_seq: deleted, reason: "An entry is missing." });
  });

  it("a daily anchor in R2 catches entries cut off the end; pruning keeps the rest verifiable", async () => {
    const { space } = await memberOf("admin");
    const s = space.space_uuid;
    await writeEntries(s, 5);
    // Date the first three 500 days back and the others yesterday, then chain and anchor.
    const seqs = (await seqsOf(s)).filter((x): x is number => x != null);
    const now = new Date("2030-06-15T12:00:00Z");
    await env.DB.prepare(
      "update audit_log set created_at = '2029-01-31T10:00:00.000Z' where space_uuid = ? and seq <= ?",
    )
      .bind(s, seqs[2])
      .run();
    await env.DB.prepare(
      "update audit_log set created_at = '2030-06-14T10:00:00.000Z' where space_uuid = ? and seq > ?",
    )
      .bind(s, seqs[2])
      .run();
    await chainSpace(db(), s);
    const written = await writeDailyAnchors(db(), env.FILES, s, now);
    expect(written.map((a) => a.day)).toEqual(["2029-01-31", "2030-06-14"]);
    const stored = await env.FILES.get(anchorKey(s, "2030-06-14"));
    expect(await stored?.json()).toMatchObject({ seq: seqs.at(-1), hash: written[1]?.hash });

    const pruned = await pruneSpace(db(), s, now);
    expect(pruned).toMatchObject({ through_seq: seqs[2] });
    const r2 = [{ seq: written[1]?.seq as number, hash: written[1]?.hash as string }];
    const kept = await verifyChain(db(), s, r2);
    expect(kept).toMatchObject({ ok: true, first_seq: (seqs[2] as number) + 1, anchors_checked: 1 });

    // Cutting the newest entries off the end leaves no broken link, but the R2 anchor names them.
    const last = seqs.at(-1) as number;
    await env.DB.prepare("delete from audit_log where space_uuid = ? and seq >= ?").bind(s, last).run();
    expect(await verifyChain(db(), s, r2)).toMatchObject({ ok: false, first_broken_seq: last });
    expect(
      await db()
        .select()
        .from(auditAnchorTable)
        .where(and(eq(auditAnchorTable.space_key, s), eq(auditAnchorTable.kind, "prune"))),
    ).toHaveLength(1);
  });
});

describe("GET /api/space/{space}/audit/items/", () => {
  it("an Admin reads the space's entries newest first with actor, target, request id, address and user agent", async () => {
    const admin = await memberOf("admin");
    const s = admin.space.space_uuid;
    const res = await api(`/api/space/${s}/tag/add/`, {
      method: "POST",
      token: admin.token,
      json: { name: "audited-tag" },
      headers: { "X-Request-Id": "req-audit-1", "CF-Connecting-IP": "203.0.113.7", "User-Agent": "audit-test/1" },
    });
    expect(res.status).toBeLessThan(300);
    const list = AuditList.parse(
      await (await api(`/api/space/${s}/audit/items/?target=audited`, { token: admin.token })).json(),
    );
    expect(list.entries[0]).toMatchObject({
      actor_kind: "account",
      actor_uuid: admin.user.uuid,
      target_name: "audited-tag",
      request_id: "req-audit-1",
      client_address: "203.0.113.7",
      user_agent: "audit-test/1",
    });
    const all = AuditList.parse(
      await (await api(`/api/space/${s}/audit/items/?limit=500`, { token: admin.token })).json(),
    );
    const seqs = all.entries.map((e) => e.seq ?? 0);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    // The read before this one was itself recorded.
    expect(all.entries.some((e) => e.action === "audit.read" && e.actor_uuid === admin.user.uuid)).toBe(true);
  });

  it("filters stay in the space: a device filter shows only that device's entries of this space", async () => {
    const admin = await memberOf("admin");
    const other = await memberOf("admin");
    const s = admin.space.space_uuid;
    const device = await makeDevice(s);
    await writeEntries(s, 3, device.uuid);
    await writeEntries(s, 2);
    // The same device uuid in another space's log must not leak in.
    await writeEntries(other.space.space_uuid, 2, device.uuid);
    const res = await api(`/api/space/${s}/audit/items/?device=${device.uuid}`, { token: admin.token });
    const list = AuditList.parse(await res.json());
    expect(list.entries).toHaveLength(3);
    expect(list.entries.every((e) => e.target_uuid === device.uuid)).toBe(true);
    const paged = AuditList.parse(
      await (await api(`/api/space/${s}/audit/items/?device=${device.uuid}&limit=2`, { token: admin.token })).json(),
    );
    expect(paged.entries).toHaveLength(2);
    const rest = AuditList.parse(
      await (
        await api(`/api/space/${s}/audit/items/?device=${device.uuid}&limit=2&cursor=${paged.next_cursor}`, {
          token: admin.token,
        })
      ).json(),
    );
    expect(rest).toMatchObject({ next_cursor: null });
    expect(rest.entries).toHaveLength(1);
    const bad = await api(`/api/space/${s}/audit/items/?from=2030-01-02T00:00:00Z&to=2030-01-01T00:00:00Z`, {
      token: admin.token,
    });
    expect(bad.status).toBe(400);
  });

  it("non-Admins get a clear refusal; outsiders 401/403", async () => {
    for (const role of ["viewer", "content_manager"] as const) {
      const m = await memberOf(role);
      const res = await api(`/api/space/${m.space.space_uuid}/audit/items/`, { token: m.token });
      expect(res.status).toBe(403);
      expect(ApiErrorBody.parse(await res.json()).message).toBe(AUDIT_TEXT.adminsOnly);
    }
    expect(await outsiderStatuses((s) => `/api/space/${s}/audit/verify/`)).toEqual([401, 403]);
  });
});

describe("targets", () => {
  it("an entry that names no target name gets the row's name as the batch finds it", async () => {
    const { space } = await memberOf("admin");
    const device = await makeDevice(space.space_uuid, { name: "Till 7" });
    await db().batch([
      auditInsert(db(), {
        spaceUuid: space.space_uuid,
        action: "device.update",
        entityType: "device",
        entityUuid: device.uuid,
        after: { description: "x" },
      }),
    ]);
    const row = await db()
      .select()
      .from(auditLogTable)
      .where(and(eq(auditLogTable.entity_uuid, device.uuid), eq(auditLogTable.action, "device.update")))
      .get();
    expect(row?.entity_name).toBe("Till 7");
  });
});

describe("actors", () => {
  it("a change made with an operator API token is recorded as the token's, not as its creator's", async () => {
    const admin = await memberOf("admin");
    const s = admin.space.space_uuid;
    const issued = await api(`/api/space/${s}/api-token/add/`, {
      method: "POST",
      token: admin.token,
      json: { name: "CI robot", scope: "operator" },
    });
    const token = IssuedCredential.parse(await issued.json());
    const res = await api(`/api/space/${s}/tag/add/`, {
      method: "POST",
      token: token.secret,
      json: { name: "robot-tag" },
    });
    expect(res.status).toBeLessThan(300);
    const list = AuditList.parse(
      await (await api(`/api/space/${s}/audit/items/?target=robot-tag`, { token: admin.token })).json(),
    );
    expect(list.entries[0]).toMatchObject({ actor_kind: "api_token", actor_uuid: token.uuid, actor_name: "CI robot" });
    // An API token may not read the log itself (people only).
    expect((await api(`/api/space/${s}/audit/items/`, { token: token.secret })).status).toBe(403);
  });
});

describe("GET /api/space/{space}/audit/items/export/", () => {
  it("streams CSV and JSON Lines of the filtered range, oldest first, and records the export", async () => {
    const admin = await memberOf("admin");
    const s = admin.space.space_uuid;
    const device = await makeDevice(s);
    await writeEntries(s, 4, device.uuid);
    const csv = await api(`/api/space/${s}/audit/items/export/?format=csv&device=${device.uuid}`, {
      token: admin.token,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Disposition")).toContain("audit_export.csv");
    expect(csv.body).toBeInstanceOf(ReadableStream);
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]?.startsWith("seq,created_at,actor_kind")).toBe(true);
    expect(lines).toHaveLength(5);
    const jsonl = await api(`/api/space/${s}/audit/items/export/?format=jsonl&device=${device.uuid}`, {
      token: admin.token,
    });
    const rows = (await jsonl.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { seq: number; after: { i: number } });
    expect(rows.map((r) => r.after.i)).toEqual([0, 1, 2, 3]);
    const exports = await db()
      .select()
      .from(auditLogTable)
      .where(and(eq(auditLogTable.space_uuid, s), eq(auditLogTable.action, "audit.export")));
    expect(exports).toHaveLength(2);
  });
});

describe("sign-ins", () => {
  it("a failed and a successful sign-in are recorded in the member's space with the client address", async () => {
    const m = await memberOf("viewer");
    const res = await tokenRequest(
      {
        grant_type: "password",
        username: m.user.email,
        password: "wrong one",
        client_id: CONSOLE_CLIENT_ID,
        scope: "openid",
      },
      { "CF-Connecting-IP": "198.51.100.4", "User-Agent": "sign-in-test" },
    );
    expect(res.status).toBe(400);
    const rows = await db()
      .select()
      .from(auditLogTable)
      .where(and(eq(auditLogTable.space_uuid, m.space.space_uuid), eq(auditLogTable.entity_uuid, m.user.uuid)))
      .orderBy(sql`seq`);
    expect(rows.map((r) => r.action)).toEqual(["account.sign_in", "account.sign_in_failed"]);
    expect(rows[1]).toMatchObject({
      actor_kind: "account",
      client_address: "198.51.100.4",
      user_agent: "sign-in-test",
    });
  });
});

describe("GET /api/space/{space}/audit/anchors/", () => {
  it("lists the R2 anchors and the retention (400 days by default)", async () => {
    const admin = await memberOf("admin");
    const res = await api(`/api/space/${admin.space.space_uuid}/audit/anchors/`, { token: admin.token });
    expect(AuditAnchors.parse(await res.json())).toMatchObject({ retention_days: 400, pruned_through: null });
  });
});

describe("PATCH /api/space/{space}/audit/settings/", () => {
  it("an Admin sets the retention (audited); out of range is a 400; a Content Manager is refused", async () => {
    const admin = await memberOf("admin");
    const s = admin.space.space_uuid;
    const set = (json: unknown, token = admin.token) =>
      api(`/api/space/${s}/audit/settings/`, { method: "PATCH", token, json });
    expect((await set({ retention_days: 30 })).status).toBe(200);
    expect((await set({ retention_days: 0 })).status).toBe(400);
    const cm = await memberOf("content_manager", admin.space);
    expect((await set({ retention_days: 10 }, cm.token)).status).toBe(403);
    const anchors = AuditAnchors.parse(
      await (await api(`/api/space/${s}/audit/anchors/`, { token: admin.token })).json(),
    );
    expect(anchors.retention_days).toBe(30);
    const [entry] = await db()
      .select()
      .from(auditLogTable)
      .where(and(eq(auditLogTable.space_uuid, s), eq(auditLogTable.action, "audit.settings.update")));
    expect(entry).toMatchObject({ before: { retention_days: 400 }, after: { retention_days: 30 } });
  });
});
