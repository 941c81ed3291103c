import { Hono } from "hono";
import {
  LifecycleReply,
  PasswordMailInput,
  PasswordSetInput,
  RegistrationInput,
  SpaceJoinInput,
  TokenCheck,
} from "../../contracts/account-lifecycle.ts";
import { clientAddress } from "../auth/throttle.ts";
import type { AppEnv } from "../env.ts";
import { validateInput } from "../lib/validate-input.ts";
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
export const spaceAccountLinkRoutes = new Hono<AppEnv>({ strict: false })
  .get("/:id/token/:token", async (c) => {
    const input = { account_uuid: c.req.param("id"), token: c.req.param("token") };
    return c.json(TokenCheck.parse(await checkActionToken({ deps: deps(c), input })));
  })
  .patch("/:id/account-registration", validateInput("json", RegistrationInput), async (c) => {
    const input = { ...c.req.valid("json"), account_uuid: c.req.param("id") };
    return c.json(LifecycleReply.parse(await registerAccount({ deps: deps(c), input })));
  })
  .patch("/:id/space-join", validateInput("json", SpaceJoinInput), async (c) => {
    const input = { ...c.req.valid("json"), account_uuid: c.req.param("id") };
    return c.json(LifecycleReply.parse(await joinSpace({ deps: deps(c), input })));
  });

/**
 * /api/account/… password calls (no session): ask for a reset/update link by e-mail, and set
 * the password with the link's token ({id} is the account_uuid the link was made for).
 */
export const accountPasswordRoutes = new Hono<AppEnv>({ strict: false })
  .post("/password-reset", validateInput("json", PasswordMailInput), async (c) => {
    const input = { ...c.req.valid("json"), purpose: "password_reset" as const, origin: c.var.config.publicOrigin };
    return c.json(LifecycleReply.parse(await requestPasswordMail({ deps: deps(c), input })));
  })
  .post("/password-update", validateInput("json", PasswordMailInput), async (c) => {
    const input = { ...c.req.valid("json"), purpose: "password_update" as const, origin: c.var.config.publicOrigin };
    return c.json(LifecycleReply.parse(await requestPasswordMail({ deps: deps(c), input })));
  })
  .patch("/:id/keycloak-password-update", validateInput("json", PasswordSetInput), async (c) => {
    const input = {
      ...c.req.valid("json"),
      account_uuid: c.req.param("id"),
      purpose: "password_update" as const,
      address: address(c),
    };
    return c.json(LifecycleReply.parse(await setPasswordFromLink({ deps: deps(c), input })));
  })
  .patch("/:id/keycloak-password-reset", validateInput("json", PasswordSetInput), async (c) => {
    const input = {
      ...c.req.valid("json"),
      account_uuid: c.req.param("id"),
      purpose: "password_reset" as const,
      address: address(c),
    };
    return c.json(LifecycleReply.parse(await setPasswordFromLink({ deps: deps(c), input })));
  });
