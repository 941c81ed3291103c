import { describe, expect, it } from "vitest";
import { addMember, api, makeUser, memberOf, uid } from "../factories.ts";
import { makeUserWithoutPassword, onlyLinkFor, outboxFor } from "./account-helpers.ts";

/**
 * Asking for a password link must not tell who has an account: an active account, a non-active
 * one, an unknown address (and an active one whose link is still open, or one not fully set up)
 * get the same status and body. Only an account that may set its password is mailed.
 */
type Kind = "password-reset" | "password-update";
const mailRequest = (kind: Kind, email: string) => api(`/api/account/${kind}/`, { method: "POST", json: { email } });

/** Status, headers that could differ, and the body with the echoed address taken out. */
async function answer(res: Response, email: string) {
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get("Content-Type"),
    body: text.replaceAll(JSON.stringify(email), '"<email>"'),
  };
}

describe.each<Kind>(["password-reset", "password-update"])("POST /api/account/%s/", (kind) => {
  it("answers an active, a non-active and an unknown address the same; mails only the active one", async () => {
    const { user: active } = await memberOf("viewer");
    const disabled = await makeUser();
    const space = (await memberOf("admin")).space;
    await addMember(space.space_uuid, disabled.uuid, "viewer", "disabled");
    const unknown = `ghost-${uid()}@outpost.test`;

    const reference = await answer(await mailRequest(kind, active.email), active.email);
    expect(reference.status).toBe(200);
    expect(await answer(await mailRequest(kind, disabled.email), disabled.email)).toEqual(reference);
    expect(await answer(await mailRequest(kind, unknown), unknown)).toEqual(reference);
    // Asking again while the link is open: the same answer, and no second mail.
    expect(await answer(await mailRequest(kind, active.email), active.email)).toEqual(reference);

    expect(await outboxFor(active.email)).toHaveLength(1);
    expect(await outboxFor(disabled.email)).toHaveLength(0);
    expect(await outboxFor(unknown)).toHaveLength(0);
  });

  it("answers an invited account without a password the same, and mails it the set-password link", async () => {
    const { user: active } = await memberOf("viewer");
    const reference = await answer(await mailRequest(kind, active.email), active.email);
    const pending = await makeUserWithoutPassword();
    const space = (await memberOf("admin")).space;
    const account = await addMember(space.space_uuid, pending.uuid, "viewer", "invited");
    expect(await answer(await mailRequest(kind, pending.email), pending.email)).toEqual(reference);
    expect(await answer(await mailRequest(kind, pending.email), pending.email)).toEqual(reference);
    const link = await onlyLinkFor(pending.email);
    expect(link).toMatchObject({ page: "/account-password-update", account: account.account_uuid });
  });

  it("still refuses an address that is not one with 400", async () => {
    const res = await mailRequest(kind, "nope");
    expect(res.status).toBe(400);
  });
});
