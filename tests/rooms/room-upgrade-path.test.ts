import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CONTENT_SECURITY_POLICY } from "../../worker/middleware/security-headers.ts";
import { memberOf, ORIGIN } from "../factories.ts";
import { join, until } from "../ws.ts";

/** A room upgrade as a client sends it, through the Worker's entry point. */
const upgrade = (path: string, headers: Record<string, string> = {}) =>
  SELF.fetch(`${ORIGIN}${path}`, { headers: { Upgrade: "websocket", ...headers } });

describe("room upgrades past the API's middleware chain", () => {
  it("open the socket as before", async () => {
    const member = await memberOf("viewer");
    const socket = await join(`/parties/space/${member.space.space_uuid}`, undefined, { bearer: member.token });
    expect(socket.status).toBe(101);
    await until(() => socket.messages.some((m) => m.type === "welcome"));
    socket.ws?.close(1000);
  });

  it("a refusal carries the API's security headers and request id (the caller's own kept)", async () => {
    const member = await memberOf("viewer");
    const refused = await upgrade(`/parties/space/${member.space.space_uuid}`, { "X-Request-Id": "trace-7.a" });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("Content-Security-Policy")).toBe(CONTENT_SECURITY_POLICY);
    expect(refused.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(refused.headers.get("X-Request-Id")).toBe("trace-7.a");
    expect(await refused.json()).toMatchObject({ code: "unauthorized" });

    const unknown = await upgrade("/parties/nowhere/x", { Authorization: `Bearer ${member.token}` });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("a plain request to a room path still goes through the app", async () => {
    const res = await SELF.fetch(`${ORIGIN}/parties/space/x`);
    expect(res.status).toBe(404);
    expect(res.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
