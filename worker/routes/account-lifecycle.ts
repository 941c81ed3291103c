import {
  LifecycleReply,
  type PasswordMailInput,
  type PasswordSetInput,
  TokenCheck,
} from "../../contracts/accounts/lifecycle.ts";
import {
  checkLinkToken,
  joinSpace as joinSpaceRoute,
  registerAccount as registerAccountRoute,
  requestPasswordReset,
  requestPasswordUpdate,
  setPasswordReset,
  setPasswordUpdate,
} from "../../contracts/accounts/routes.ts";
import { clientAddress } from "../auth/throttle.ts";
import type { AppEnv } from "../env.ts";
import { guarded, openApiRouter } from "../lib/openapi.ts";
import { checkActionToken, joinSpace, registerAccount } from "../services/accounts/lifecycle.ts";
import { requestPasswordMail, setPasswordFromLink } from "../services/accounts/passwords.ts";

type Ctx = { env: AppEnv["Bindings"]; var: AppEnv["Variables"] };
const deps = (c: Ctx) => ({ db: c.var.db, env: c.env, config: c.var.config });
const address = (c: { req: { header: (name: string) => string | undefined } }) =>
  clientAddress((name) => c.req.header(name));

/**
 * /api/space-account/{id}/… (console.md §7.7): the invitation links. No session: the link's
 * single-use token is the credential, and {id} is the invited account_uuid.
 */
export const spaceAccountLinkRoutes = openApiRouter()
  .openapi(checkLinkToken, async (c) => {
    const { id, token } = c.req.valid("param");
    return c.json(TokenCheck.parse(await checkActionToken({ deps: deps(c), input: { account_uuid: id, token } })), 200);
  })
  .openapi(guarded(registerAccountRoute), async (c) => {
    const input = { ...c.req.valid("json"), account_uuid: c.req.valid("param").id };
    return c.json(LifecycleReply.parse(await registerAccount({ deps: deps(c), input })), 200);
  })
  .openapi(guarded(joinSpaceRoute), async (c) => {
    const input = { ...c.req.valid("json"), account_uuid: c.req.valid("param").id };
    return c.json(LifecycleReply.parse(await joinSpace({ deps: deps(c), input })), 200);
  });

type PasswordPurpose = "password_reset" | "password_update";

/** Mails a password link of `purpose`, pointing at the console's public origin. */
const mailPasswordLink = async (c: Ctx, purpose: PasswordPurpose, body: PasswordMailInput) =>
  LifecycleReply.parse(
    await requestPasswordMail({ deps: deps(c), input: { ...body, purpose, origin: c.var.config.publicOrigin } }),
  );

/** Sets the password with the token of `account_uuid`'s link of `purpose`; failures count against the address. */
const passwordFromLink = async (
  c: Ctx & Parameters<typeof address>[0],
  purpose: PasswordPurpose,
  body: PasswordSetInput,
  account_uuid: string,
) =>
  LifecycleReply.parse(
    await setPasswordFromLink({ deps: deps(c), input: { ...body, account_uuid, purpose, address: address(c) } }),
  );

/**
 * /api/account/… password calls (no session): ask for a reset/update link by e-mail, and set
 * the password with the link's token ({id} is the account_uuid the link was made for).
 */
export const accountPasswordRoutes = openApiRouter()
  .openapi(guarded(requestPasswordReset), async (c) =>
    c.json(await mailPasswordLink(c, "password_reset", c.req.valid("json")), 200),
  )
  .openapi(guarded(requestPasswordUpdate), async (c) =>
    c.json(await mailPasswordLink(c, "password_update", c.req.valid("json")), 200),
  )
  .openapi(guarded(setPasswordUpdate), async (c) =>
    c.json(await passwordFromLink(c, "password_update", c.req.valid("json"), c.req.valid("param").id), 200),
  )
  .openapi(guarded(setPasswordReset), async (c) =>
    c.json(await passwordFromLink(c, "password_reset", c.req.valid("json"), c.req.valid("param").id), 200),
  );
