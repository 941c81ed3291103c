import { describe, expect, it } from "vitest";
import { ApiErrorBody } from "../../contracts/http/errors.ts";
import { api, memberOf } from "../factories.ts";

describe("request ids", () => {
  it("every error body carries the request id of its X-Request-Id header", async () => {
    const member = await memberOf("viewer");
    const responses = [
      await api("/api/nowhere/"),
      await api(`/api/space/${member.space.space_uuid}/device/items/?ordering=sideways`, { token: member.token }),
      await api(`/api/space/${member.space.space_uuid}/device/items/`),
      await api(`/api/space/${member.space.space_uuid}/location/add/`, {
        method: "POST",
        token: member.token,
        json: { name: "x" },
      }),
    ];
    expect(responses.map((r) => r.status)).toEqual([404, 400, 401, 403]);
    const ids = new Set<string>();
    for (const res of responses) {
      const body = ApiErrorBody.parse(await res.json());
      expect(body.request_id).toBeTruthy();
      expect(body.request_id).toBe(res.headers.get("X-Request-Id"));
      ids.add(body.request_id ?? "");
    }
    expect(ids.size).toBe(responses.length);
  });

  it("keeps a caller's plain request id and replaces anything else", async () => {
    const kept = await api("/api/nowhere/", { headers: { "X-Request-Id": "trace-42.a:b" } });
    expect(kept.headers.get("X-Request-Id")).toBe("trace-42.a:b");
    expect(ApiErrorBody.parse(await kept.json()).request_id).toBe("trace-42.a:b");
    const replaced = await api("/api/nowhere/", { headers: { "X-Request-Id": `<script>${"x".repeat(300)}` } });
    expect(replaced.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
