import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ApiErrorBody } from "../../contracts/http/errors.ts";
import { api, ORIGIN, uid } from "../factories.ts";

/**
 * Routes that take no sign-in read at most 64 KiB of body (413 past it, with or without a
 * Content-Length), and no JSON body is read past 32 levels of nesting (400): the agent's
 * registration accepted a 63 MB body and a 100 000-level one.
 */
const TOO_LARGE = { code: "payload_too_large", message: "The request body is too large (at most 64 KB)." };
const TOO_DEEP = { code: "bad_request", message: "The request body is nested too deeply (at most 32 levels)." };

const nested = (levels: number) => `{"machine_id":"m","x":${"[".repeat(levels - 1)}${"]".repeat(levels - 1)}}`;
const padded = (bytes: number) => JSON.stringify({ machine_id: "m", pad: "x".repeat(bytes) });

/** Every route reachable without a sign-in that reads a body: [method, path, content type]. */
const PUBLIC_ROUTES: [string, string, string][] = [
  ["POST", "/api/agent/unclaimed/", "application/json"],
  ["POST", "/api/agent/enroll/", "application/json"],
  ["POST", "/api/account/password-reset/", "application/json"],
  ["POST", "/api/account/password-update/", "application/json"],
  ["PATCH", `/api/account/${uid()}/keycloak-password-reset/`, "application/json"],
  ["PATCH", `/api/account/${uid()}/keycloak-password-update/`, "application/json"],
  ["PATCH", `/api/space-account/${uid()}/account-registration/`, "application/json"],
  ["PATCH", `/api/space-account/${uid()}/space-join/`, "application/json"],
  ["POST", "/auth/token", "application/x-www-form-urlencoded"],
  ["POST", "/auth/revoke", "application/x-www-form-urlencoded"],
];

/** A body sent in chunks with no Content-Length (Transfer-Encoding: chunked). */
function streamOf(text: string) {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + 16 * 1024));
      at += 16 * 1024;
    },
  });
}

const send = (method: string, path: string, type: string, body: BodyInit) =>
  SELF.fetch(`${ORIGIN}${path}`, { method, headers: { "Content-Type": type }, body });

describe("a body past 64 KiB on a route without sign-in", () => {
  it.each(PUBLIC_ROUTES)("%s %s answers 413 (Content-Length and chunked)", async (method, path, type) => {
    for (const body of [padded(70_000), streamOf(padded(70_000))]) {
      const res = await send(method, path, type, body);
      expect(res.status, path).toBe(413);
      expect(ApiErrorBody.parse(await res.json())).toMatchObject(TOO_LARGE);
    }
  });

  it("refuses the probe's 63 MB body without reading it all, even behind an Authorization header", async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/agent/unclaimed/`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "Bearer whatever" },
      body: padded(63 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
  });
});

describe("JSON nesting", () => {
  it("answers 400 past 32 levels (the probe's 100 000 levels too)", async () => {
    for (const levels of [33, 1_000]) {
      const res = await api("/api/agent/unclaimed/", {
        method: "POST",
        body: nested(levels),
        headers: { "Content-Type": "application/json" },
      });
      expect(res.status, `${levels} levels`).toBe(400);
      expect(ApiErrorBody.parse(await res.json())).toMatchObject(TOO_DEEP);
    }
    const probe = await send("POST", "/api/agent/unclaimed/", "application/json", nested(100_000));
    expect([400, 413]).toContain(probe.status);
  });

  it("counts brackets inside strings as text, and accepts a body within both limits", async () => {
    const res = await api("/api/agent/unclaimed/", {
      method: "POST",
      body: JSON.stringify({ machine_id: `m${"[".repeat(100)}\\"{`, pad: "x".repeat(60_000), x: [[[[[1]]]]] }),
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(201);
    expect((await send("POST", "/api/agent/unclaimed/", "application/json", nested(32))).status).toBe(201);
  });
});
