import {
  bodyErrors,
  commonErrors,
  defineRoute,
  deleteRoute,
  jsonBody,
  jsonResponse,
  SpaceParam,
  uuidParam,
} from "../http/route.ts";
import {
  ApiTokenAddInput,
  ApiTokenList,
  CredentialSelf,
  DisplayLinkAddInput,
  DisplayLinkList,
  IssuedCredential,
} from "./schema.ts";

const tags = ["Display links & API tokens"];

const DisplayLinkParam = SpaceParam.extend({ uuid: uuidParam("display link") });
const ApiTokenParam = SpaceParam.extend({ uuid: uuidParam("API token") });

export const listDisplayLinks = defineRoute({
  method: "get",
  path: "/space/{space}/display-link/items",
  summary: "The space's wall display links, newest first (revoked and expired ones too); Admin",
  tags,
  request: { params: SpaceParam },
  responses: { 200: jsonResponse(DisplayLinkList), ...commonErrors },
});

export const addDisplayLink = defineRoute({
  method: "post",
  path: "/space/{space}/display-link/add",
  summary:
    "Create a wall display link (read-only, optionally narrowed to a group or a location); the secret is in this reply only; Admin",
  description:
    "A wall opens `/wall?display={secret}`; API clients send the secret as `Authorization: Bearer`. " +
    "It reads the space (and joins the space's room through a room ticket), and every other request is refused (403).",
  tags,
  request: { params: SpaceParam, body: jsonBody(DisplayLinkAddInput) },
  responses: { 201: jsonResponse(IssuedCredential, "The new display link with its secret"), ...bodyErrors },
});

export const revokeDisplayLink = deleteRoute({
  path: "/space/{space}/display-link/{uuid}",
  summary: "Revoke a display link: it stops working and its sockets close (4410) before this answers; Admin",
  tags,
  params: DisplayLinkParam,
});

export const listApiTokens = defineRoute({
  method: "get",
  path: "/space/{space}/api-token/items",
  summary: "The space's API tokens, newest first (revoked and expired ones too); Admin",
  tags,
  request: { params: SpaceParam },
  responses: { 200: jsonResponse(ApiTokenList), ...commonErrors },
});

export const addApiToken = defineRoute({
  method: "post",
  path: "/space/{space}/api-token/add",
  summary: "Create a space API token (scope read or operator); the secret is in this reply only; Admin",
  description:
    "Send it as `Authorization: Bearer ost_…` to the routes of this space. `read`: a Viewer's reads, no change. " +
    "`operator`: a Content Manager's rights (never an Admin's), acting as the Admin who created it (audit entries name them); " +
    "it stops working if that Admin is no longer an active member.",
  tags,
  request: { params: SpaceParam, body: jsonBody(ApiTokenAddInput) },
  responses: { 201: jsonResponse(IssuedCredential, "The new API token with its secret"), ...bodyErrors },
});

export const revokeApiToken = deleteRoute({
  path: "/space/{space}/api-token/{uuid}",
  summary: "Revoke an API token: it stops working and its sockets close (4410) before this answers; Admin",
  tags,
  params: ApiTokenParam,
});

export const credentialSelf = defineRoute({
  method: "get",
  path: "/credential/self",
  summary: "The display link or API token sent as the bearer: its space and scope (the wall starts here)",
  tags,
  responses: { 200: jsonResponse(CredentialSelf), ...commonErrors },
});
