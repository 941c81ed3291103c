import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CONSOLE_CLIENT_ID, TokenResponse } from "../../contracts/auth/schema.ts";
import { ROLE_UUID } from "../../contracts/reference.ts";
import { app } from "../../worker/index.ts";
import { memberOf, ORIGIN, uid } from "../factories.ts";
import { outboxFor } from "./account-helpers.ts";

const EVIL = "http://evil.example";

/** A request through the Worker with extra vars (a fresh env object: getConfig caches per env). */
async function fetchWith(vars: Record<string, string>, url: string, init?: RequestInit) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(url, init), { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** The one link in the only mail to `to`. */
async function mailedLink(to: string) {
  const mails = await outboxFor(to);
  expect(mails).toHaveLength(1);
  const link = /https?:\/\/\S+/.exec(mails[0].text)?.[0] ?? "";
  expect(mails[0].html).toContain(link.replaceAll("&", "&amp;"));
  return link;
}

/** An access token asked for through `origin` (the whole session stays on that host). */
async function signInThrough(origin: string, email: string) {
  const res = await SELF.fetch(`${origin}/auth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": uid() },
    body: new URLSearchParams({
      grant_type: "password",
      username: email,
      password: "correct horse",
      client_id: CONSOLE_CLIENT_ID,
      scope: "openid",
    }),
  });
  expect(res.status).toBe(200);
  return TokenResponse.parse(await res.json()).access_token;
}

const inviteBody = (email: string) => JSON.stringify({ user_accounts: [{ email, role_uuid: ROLE_UUID.viewer }] });
const json = (token?: string) => ({
  "Content-Type": "application/json",
  Host: "evil.example",
  ...(token ? { Authorization: `Bearer ${token}` } : {}),
});

describe("mailed links use PUBLIC_ORIGIN, never the request's Host", () => {
  it("an invitation asked for through another host links to the configured origin", async () => {
    const admin = await memberOf("admin");
    const token = await signInThrough(EVIL, admin.user.email);
    const email = `host-${uid().slice(0, 8)}@outpost.test`;
    const res = await SELF.fetch(`${EVIL}/api/space/${admin.space.space_uuid}/account/add/`, {
      method: "POST",
      headers: json(token),
      body: inviteBody(email),
    });
    expect(res.status).toBe(201);
    const link = await mailedLink(email);
    expect(link.startsWith(`${ORIGIN}/account-registration?`)).toBe(true);
    expect(link).not.toContain("evil.example");
  });

  it("a password reset asked for through another host links to the configured origin", async () => {
    const { user } = await memberOf("viewer");
    const res = await SELF.fetch(`${EVIL}/api/account/password-reset/`, {
      method: "POST",
      headers: json(),
      body: JSON.stringify({ email: user.email }),
    });
    expect(res.status).toBe(200);
    const link = await mailedLink(user.email);
    expect(link.startsWith(`${ORIGIN}/account-password-reset?`)).toBe(true);
  });

  it("follows the PUBLIC_ORIGIN var (its origin only) whatever the request URL", async () => {
    const { user } = await memberOf("viewer");
    const res = await fetchWith(
      { PUBLIC_ORIGIN: "https://console.example.com/ignored/path" },
      `${EVIL}/api/account/password-update/`,
      {
        method: "POST",
        headers: json(),
        body: JSON.stringify({ email: user.email }),
      },
    );
    expect(res.status).toBe(200);
    expect((await mailedLink(user.email)).startsWith("https://console.example.com/account-password-update?")).toBe(
      true,
    );
  });
});
