import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BOOKMARK_HEADER, createSessionDb, validBookmark } from "../../worker/lib/db.ts";
import { api, locationAddInput, memberOf } from "../factories.ts";

/*
 * API reads run in a D1 session (the Sessions API, so a read replica may serve them),
 * and read-your-own-writes is kept by the bookmark the client carries from reply to request.
 * Local D1 has the Sessions API (withSession, getBookmark); it has no replicas, so these tests
 * prove the protocol (bookmark returned, accepted, a bad one ignored, a write then a read seen)
 * and that the routes run on sessions, not replica latency.
 */

const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

const bookmarkOf = (res: Response) => res.headers.get(BOOKMARK_HEADER);

describe("X-D1-Bookmark", () => {
  it("a read returns the session's bookmark, and a later bookmark is never older", async () => {
    const { space, token } = await memberOf("viewer");
    const first = await api(`/api/space/${space.space_uuid}/location/items/`, { token });
    expect(first.status).toBe(200);
    const bookmark = bookmarkOf(first);
    expect(bookmark).toMatch(BOOKMARK);

    const again = await api(`/api/space/${space.space_uuid}/location/items/`, {
      token,
      headers: { [BOOKMARK_HEADER]: bookmark as string },
    });
    expect(again.status).toBe(200);
    const next = bookmarkOf(again) as string;
    expect(next).toMatch(BOOKMARK);
    // Bookmarks sort oldest to newest (D1's own rule).
    expect(next >= (bookmark as string)).toBe(true);
  });

  it("a malformed bookmark is ignored: the read answers as without one, with a good bookmark", async () => {
    const { space, token } = await memberOf("viewer");
    for (const bad of ["garbage", "first-primary", "00000000-0000000f", "'; DROP TABLE space; --", "f".repeat(500)]) {
      const res = await api(`/api/space/${space.space_uuid}/location/items/`, {
        token,
        headers: { [BOOKMARK_HEADER]: bad },
      });
      expect(res.status, bad).toBe(200);
      expect(bookmarkOf(res), bad).toMatch(BOOKMARK);
    }
  });

  it("a write followed by a read with the write's bookmark sees the write", async () => {
    const { space, token } = await memberOf("admin");
    const before = await api(`/api/space/${space.space_uuid}/location/items/`, { token });
    const write = await api(`/api/space/${space.space_uuid}/location/add/`, {
      method: "POST",
      token,
      json: { ...locationAddInput, name: "Bookmarked shop" },
      headers: { [BOOKMARK_HEADER]: bookmarkOf(before) as string },
    });
    expect(write.status).toBe(201);
    const written = bookmarkOf(write) as string;
    expect(written).toMatch(BOOKMARK);
    expect(written > (bookmarkOf(before) as string)).toBe(true);

    const read = await api(`/api/space/${space.space_uuid}/location/items/`, {
      token,
      headers: { [BOOKMARK_HEADER]: written },
    });
    expect(read.status).toBe(200);
    const body = (await read.json()) as { locations: { name: string }[] };
    expect(body.locations.map((l) => l.name)).toContain("Bookmarked shop");
    expect((bookmarkOf(read) as string) >= written).toBe(true);
  });

  it("a request that read nothing (answered from the per-isolate caches) sends no bookmark: the client keeps its own", async () => {
    const { space, token } = await memberOf("viewer");
    await api(`/api/space/${space.space_uuid}/`, { token });
    const cached = await api(`/api/space/${space.space_uuid}/`, { token });
    expect(cached.status).toBe(200);
    expect(bookmarkOf(cached)).toBeNull();
  });

  it("a refused write still returns a bookmark, and errors keep their shape", async () => {
    const { space, token } = await memberOf("viewer");
    const res = await api(`/api/space/${space.space_uuid}/location/add/`, { method: "POST", token, json: {} });
    expect(res.status).toBe(403);
    expect(bookmarkOf(res)).toMatch(BOOKMARK);
  });
});

describe("the OpenAPI document", () => {
  it("documents the bookmark header on every operation and reply", async () => {
    const doc = (await (await api("/api/openapi.json")).json()) as {
      components: { parameters: Record<string, { name: string }>; headers: Record<string, unknown> };
      paths: Record<
        string,
        Record<string, { parameters: { name?: string }[]; responses: Record<string, { headers: object }> }>
      >;
    };
    expect(doc.components.parameters.D1Bookmark?.name).toBe("X-D1-Bookmark");
    expect(doc.components.headers.D1Bookmark).toBeTruthy();
    const list = doc.paths["/space/{space}/location/items/"]?.get;
    expect(list?.parameters).toContainEqual(expect.objectContaining({ name: "X-D1-Bookmark", in: "header" }));
    expect(list?.responses["200"]?.headers).toEqual({ "X-D1-Bookmark": { $ref: "#/components/headers/D1Bookmark" } });
    expect(doc.paths["/admin/space/{id}/region/"]?.patch).toBeTruthy();
  });
});

describe("createSessionDb", () => {
  it("reads start from the client's bookmark or anywhere, writes on the primary", async () => {
    const calls: string[] = [];
    const DB = {
      withSession(constraint: string) {
        calls.push(constraint);
        return env.DB.withSession(constraint);
      },
    } as unknown as D1Database;
    const good = "00000000-00000001-00000000-00000000000000000000000000000000";
    createSessionDb({ DB }, "GET", good);
    createSessionDb({ DB }, "GET", null);
    createSessionDb({ DB }, "HEAD", "nonsense");
    createSessionDb({ DB }, "POST", good);
    createSessionDb({ DB }, "PATCH", null);
    expect(calls).toEqual([good, "first-unconstrained", "first-unconstrained", "first-primary", "first-primary"]);
  });

  it("falls back to D1 itself where the Sessions API is missing", async () => {
    const DB = { prepare: env.DB.prepare.bind(env.DB), batch: env.DB.batch.bind(env.DB) } as unknown as D1Database;
    const { db, bookmark } = createSessionDb({ DB }, "GET", null);
    expect(await db.run("SELECT 1")).toBeTruthy();
    expect(bookmark()).toBeNull();
  });

  it("validBookmark takes only D1's bookmark shape", () => {
    expect(validBookmark("00000000-0000000f-00000000-00000000000000000000000000000000")).not.toBeNull();
    for (const bad of [null, undefined, "", "garbage", "first-unconstrained", `${"0".repeat(8)}-`.repeat(4)]) {
      expect(validBookmark(bad)).toBeNull();
    }
  });
});
