import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/index.ts";
import { CONTENT_SECURITY_POLICY } from "../../worker/middleware/security-headers.ts";
import { memberOf, ORIGIN, uid } from "../factories.ts";
import { join, until } from "../ws.ts";

/** A request through the Worker with extra vars (a fresh env object: getConfig caches per env). */
async function fetchWith(vars: Record<string, string>, url: string) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(url), { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe("security headers on Worker responses", () => {
  const expectCommon = (res: Response) => {
    expect(res.headers.get("Content-Security-Policy")).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
  };

  it("a health check, a 401, a 404 and a 400 carry CSP, nosniff and no-referrer, without HSTS outside production", async () => {
    const responses = [
      await SELF.fetch(`${ORIGIN}/healthz`),
      await SELF.fetch(`${ORIGIN}/api/space/${uid()}/device/items`),
      await SELF.fetch(`${ORIGIN}/api/no-such-thing`),
      await SELF.fetch(`${ORIGIN}/api/account/password-reset/`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      }),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 401, 404, 400]);
    for (const res of responses) {
      expectCommon(res);
      expect(res.headers.get("Strict-Transport-Security")).toBeNull();
    }
  });

  it("a refused room upgrade carries them; an accepted one's 101 is the room's own and its socket works", async () => {
    const refused = await SELF.fetch(`${ORIGIN}/parties/space/${uid()}`, { headers: { Upgrade: "websocket" } });
    expect(refused.status).toBe(401);
    expectCommon(refused);
    expect(refused.headers.get("X-Request-Id")).toBeTruthy();

    const member = await memberOf("viewer");
    const upgraded = await SELF.fetch(`${ORIGIN}/parties/space/${member.space.space_uuid}`, {
      headers: { Upgrade: "websocket", Authorization: `Bearer ${member.token}` },
    });
    expect(upgraded.status).toBe(101);
    // Not copied five times to carry headers no WebSocket client reads.
    expect(upgraded.headers.get("Content-Security-Policy")).toBeNull();
    expect(upgraded.headers.get("X-Request-Id")).toBeNull();
    upgraded.webSocket?.accept();
    upgraded.webSocket?.close();

    const socket = await join(`/parties/space/${member.space.space_uuid}`, undefined, { bearer: member.token });
    await until(() => socket.messages.some((m) => m.type === "welcome"));
    socket.ws?.close();
  });

  it("the policy allows nothing beyond the console's own origin", () => {
    const directives = Object.fromEntries(
      CONTENT_SECURITY_POLICY.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]),
    );
    expect(directives).toMatchObject({
      "default-src": "'self'",
      "script-src": "'self'",
      "connect-src": "'self'",
      "frame-ancestors": "'none'",
      "object-src": "'none'",
      "base-uri": "'self'",
      "form-action": "'self'",
    });
  });

  it("adds HSTS in production", async () => {
    for (const path of ["/healthz", `/api/space/${uid()}/device/items`]) {
      const res = await fetchWith({ ENVIRONMENT: "production" }, `${ORIGIN}${path}`);
      expectCommon(res);
      expect(res.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
    }
  });
});
