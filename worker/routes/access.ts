import {
  addApiToken as addApiTokenRoute,
  addDisplayLink as addDisplayLinkRoute,
  credentialSelf as credentialSelfRoute,
  listApiTokens as listApiTokensRoute,
  listDisplayLinks as listDisplayLinksRoute,
  revokeApiToken as revokeApiTokenRoute,
  revokeDisplayLink as revokeDisplayLinkRoute,
} from "../../contracts/access/routes.ts";
import { ApiTokenList, CredentialSelf, DisplayLinkList, IssuedCredential } from "../../contracts/access/schema.ts";
import { ApiError } from "../lib/errors.ts";
import { guarded, openApiRouter } from "../lib/openapi.ts";
import { requireCredential } from "../middleware/auth.ts";
import { requireRole, spaceCtx } from "../middleware/space.ts";
import {
  addCredential,
  describeCredential,
  listCredentials,
  revokeCredential,
} from "../services/access/credentials.ts";

const admin = requireRole("admin");

/**
 * /api/space/{space}/display-link/… and /api-token/…: an Admin's wall display links and space API
 * tokens; /api/credential/self/: who a link or token is, asked with it as the bearer.
 */
export const accessRoutes = openApiRouter()
  .openapi(guarded(listDisplayLinksRoute, admin), async (c) => {
    const display_links = await listCredentials({ ctx: spaceCtx(c), input: { kind: "display_link" } });
    return c.json(DisplayLinkList.parse({ display_links }), 200);
  })
  .openapi(guarded(addDisplayLinkRoute, admin), async (c) => {
    const issued = await addCredential({ ctx: spaceCtx(c), input: { kind: "display_link", ...c.req.valid("json") } });
    return c.json(IssuedCredential.parse(issued), 201, { "Cache-Control": "no-store" });
  })
  .openapi(guarded(revokeDisplayLinkRoute, admin), async (c) => {
    await revokeCredential({ ctx: spaceCtx(c), input: { kind: "display_link", uuid: c.req.valid("param").uuid } });
    return c.body(null, 204);
  })
  .openapi(guarded(listApiTokensRoute, admin), async (c) => {
    const api_tokens = await listCredentials({ ctx: spaceCtx(c), input: { kind: "api_token" } });
    return c.json(ApiTokenList.parse({ api_tokens }), 200);
  })
  .openapi(guarded(addApiTokenRoute, admin), async (c) => {
    const issued = await addCredential({ ctx: spaceCtx(c), input: { kind: "api_token", ...c.req.valid("json") } });
    return c.json(IssuedCredential.parse(issued), 201, { "Cache-Control": "no-store" });
  })
  .openapi(guarded(revokeApiTokenRoute, admin), async (c) => {
    await revokeCredential({ ctx: spaceCtx(c), input: { kind: "api_token", uuid: c.req.valid("param").uuid } });
    return c.body(null, 204);
  })
  .openapi(guarded(credentialSelfRoute, requireCredential), async (c) => {
    const principal = c.var.principal;
    if (principal.kind === "user") throw new ApiError("unauthorized", "Send a display link or an API token.");
    const self = await describeCredential(c.var.db, principal.credential);
    return c.json(CredentialSelf.parse(self), 200, { "Cache-Control": "no-store" });
  });
