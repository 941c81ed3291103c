import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { requestPasswordGrant, requestRefreshGrant, TokenRequestError } from "../session/auth-client";
import { memoryStorage } from "../session/memory-storage.test-helper";
import { asSession } from "../session/stored-session";
import { ApiError, asErrorBody } from "./api";

/*
 * What the console checks before any page is shown, without a validation library
 * (lib/json-checks.ts): API error bodies, the stored session, the token endpoint's replies.
 */

vi.mock("../session/session", () => ({ getSession: vi.fn(), endSession: vi.fn(), refreshSession: vi.fn() }));

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

beforeEach(() => vi.stubGlobal("localStorage", memoryStorage()));
afterEach(() => vi.unstubAllGlobals());

describe("asErrorBody", () => {
  it("reads the API's error shape: code, message, field and entry errors, the ids", () => {
    const body = {
      code: "validation_error",
      message: "Invalid input",
      errors: { name: ["Required"], days: [{}, { start: ["Invalid time"] }] },
      request_id: "r-1",
      unknown: 1,
    };
    expect(asErrorBody(body)).toEqual({
      code: "validation_error",
      message: "Invalid input",
      errors: { name: ["Required"], days: [{}, { start: ["Invalid time"] }] },
      request_id: "r-1",
    });
    const error = new ApiError(400, asErrorBody(body));
    expect(error.fieldErrors).toEqual({ name: ["Required"] });
    expect(error.entryErrors("days")).toEqual([{}, { start: ["Invalid time"] }]);
  });

  it("refuses what is not one, and drops malformed parts instead of failing later", () => {
    expect(asErrorBody(null)).toBeNull();
    expect(asErrorBody("<html>Bad gateway</html>")).toBeNull();
    expect(asErrorBody({ code: "x" })).toBeNull();
    expect(asErrorBody({ code: 1, message: "m" })).toBeNull();
    const body = asErrorBody({
      code: "c",
      message: "m",
      errors: { a: "not a list", b: [1], c: ["ok"] },
      status_url: 5,
    });
    expect(body).toEqual({ code: "c", message: "m", errors: { c: ["ok"] } });
    expect(asErrorBody({ code: "c", message: "m", errors: "nope" })).toEqual({ code: "c", message: "m" });
  });
});

describe("the stored session", () => {
  it("keeps a session with its four fields, nothing else", () => {
    const session = { access_token: "a", refresh_token: "r", expires_at: 10, refresh_expires_at: null };
    expect(asSession({ ...session, extra: true })).toEqual(session);
    expect(asSession({ ...session, refresh_expires_at: 20 })).toEqual({ ...session, refresh_expires_at: 20 });
  });

  it("reads another version's or a broken entry as no session", () => {
    expect(asSession(null)).toBeNull();
    expect(asSession([])).toBeNull();
    expect(asSession({ access_token: "a", refresh_token: "r", expires_at: "10", refresh_expires_at: null })).toBeNull();
    expect(asSession({ access_token: "a", refresh_token: "r", expires_at: 10 })).toBeNull();
  });
});

describe("the token endpoint's replies", () => {
  const tokens = {
    access_token: "a",
    token_type: "Bearer",
    expires_in: 300,
    refresh_token: "r",
    refresh_expires_in: 0,
    scope: "openid",
  };

  it("a token reply is used as sent; a malformed one is a server error, not a session", async () => {
    vi.stubGlobal("fetch", vi.fn().mockResolvedValueOnce(reply(200, tokens)));
    await expect(requestPasswordGrant("a@b.c", "pw")).resolves.toEqual(tokens);
    vi.stubGlobal("fetch", vi.fn().mockResolvedValueOnce(reply(200, { ...tokens, expires_in: "300" })));
    const error = await requestPasswordGrant("a@b.c", "pw").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenRequestError);
    expect(error).toMatchObject({ status: 200, code: "server_error" });
  });

  it("a refusal carries its RFC 6749 code and description; an unknown code is a server error", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValueOnce(reply(400, { error: "invalid_grant", error_description: "Refresh token expired" })),
    );
    await expect(requestRefreshGrant("r")).rejects.toMatchObject({
      status: 400,
      code: "invalid_grant",
      description: "Refresh token expired",
      isDefinitive: true,
    });
    vi.stubGlobal("fetch", vi.fn().mockResolvedValueOnce(reply(400, { error: "teapot", error_description: "x" })));
    await expect(requestRefreshGrant("r")).rejects.toMatchObject({ status: 400, code: "server_error" });
  });
});
