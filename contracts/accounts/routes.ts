import { z } from "zod";
import { ApiErrorBody } from "../http/errors.ts";
import { bodyErrors, commonErrors, defineRoute, jsonBody, jsonResponse, notJson, SpaceParam } from "../http/route.ts";
import { AccountLoginInput, CurrentUser } from "../spaces/schema.ts";
import {
  LifecycleReply,
  PasswordMailInput,
  PasswordSetInput,
  RegistrationInput,
  SpaceJoinInput,
  TokenCheck,
} from "./lifecycle.ts";
import {
  AccountExportQuery,
  AccountList,
  AccountListQuery,
  AccountPatch,
  AccountRow,
  InviteInput,
  InviteReply,
  PresenceInput,
  PresenceReply,
} from "./schema.ts";

const tags = ["Accounts"];
const lifecycleTags = ["Account lifecycle"];

/** The lifecycle calls carry no session (the link's token is the credential): no 401/403. */
const linkErrors = {
  400: commonErrors[400],
  404: jsonResponse(ApiErrorBody, "No such account (space-account not found)"),
  415: notJson,
} as const;
const noSession: [] = [];
/** What every lifecycle call shares: its tag and no session. */
const lifecycleCall = { tags: lifecycleTags, security: noSession };
/** A lifecycle call's replies: the outcome and the link errors. */
const lifecycleReplies = { 200: jsonResponse(LifecycleReply), ...linkErrors } as const;

/** {id} of the lifecycle links: the account_uuid the link was made for. */
const LinkParam = z.object({ id: z.string().meta({ description: "The invited account's account_uuid" }) });
const AccountParam = SpaceParam.extend({ account: z.string().meta({ description: "The account_uuid" }) });

/** POST /account/login/: the signed-in user and their spaces, for the token's e-mail. */
export const accountLogin = defineRoute({
  method: "post",
  path: "/account/login",
  summary: "The signed-in user with their spaces (the e-mail must be the token's)",
  tags,
  request: { body: jsonBody(AccountLoginInput) },
  responses: {
    200: jsonResponse(CurrentUser),
    400: commonErrors[400],
    401: commonErrors[401],
    403: jsonResponse(ApiErrorBody, "The e-mail is not the signed-in account's"),
    415: notJson,
  },
});

const passwordMail = (purpose: "reset" | "update") =>
  ({
    method: "post",
    path: `/account/password-${purpose}`,
    summary:
      purpose === "reset"
        ? "Mail a password-reset link to an active account (one not fully set up gets an update link)"
        : "Mail a link to set the password to an active account (or one not fully set up)",
    description:
      "The same 200 reply whether the address is an active account's, a non-active one's or unknown, " +
      "and while a link is still open (no second mail): the answer does not tell who has an account.",
    ...lifecycleCall,
    request: { body: jsonBody(PasswordMailInput) },
    responses: {
      200: jsonResponse(LifecycleReply),
      400: commonErrors[400],
      415: notJson,
    },
  }) as const;

/** POST /account/password-reset/ (no session). */
export const requestPasswordReset = defineRoute(passwordMail("reset"));
/** POST /account/password-update/ (no session). */
export const requestPasswordUpdate = defineRoute(passwordMail("update"));

const passwordSet = (purpose: "reset" | "update") =>
  ({
    method: "patch",
    path: `/account/{id}/keycloak-password-${purpose}`,
    summary: `Set the password with a password-${purpose} link's token; every session of the user ends`,
    ...lifecycleCall,
    request: { params: LinkParam, body: jsonBody(PasswordSetInput) },
    responses: {
      ...lifecycleReplies,
      429: jsonResponse(ApiErrorBody, "Too many failed attempts: locked (Retry-After)"),
    },
  }) as const;

/** PATCH /account/{id}/keycloak-password-update/ (no session: the link's token). */
export const setPasswordUpdate = defineRoute(passwordSet("update"));
/** PATCH /account/{id}/keycloak-password-reset/ (no session: the link's token). */
export const setPasswordReset = defineRoute(passwordSet("reset"));

/** GET /space-account/{id}/token/{token}/: what an e-mailed link is for (no session). */
export const checkLinkToken = defineRoute({
  method: "get",
  path: "/space-account/{id}/token/{token}",
  summary: "What an e-mailed link is for (400 when it cannot be used)",
  ...lifecycleCall,
  request: { params: LinkParam.extend({ token: z.string().meta({ description: "The link's single-use token" }) }) },
  responses: { 200: jsonResponse(TokenCheck), 400: linkErrors[400], 404: linkErrors[404] },
});

/** PATCH /space-account/{id}/account-registration/: a new user accepts an invitation. */
export const registerAccount = defineRoute({
  method: "patch",
  path: "/space-account/{id}/account-registration",
  summary: "A new user sets their names and password; the invitation becomes active",
  ...lifecycleCall,
  request: { params: LinkParam, body: jsonBody(RegistrationInput) },
  responses: lifecycleReplies,
});

/** PATCH /space-account/{id}/space-join/: an existing user accepts an invitation. */
export const joinSpace = defineRoute({
  method: "patch",
  path: "/space-account/{id}/space-join",
  summary: "An existing user accepts an invitation to another space",
  ...lifecycleCall,
  request: { params: LinkParam, body: jsonBody(SpaceJoinInput) },
  responses: lifecycleReplies,
});

const exportFile = { schema: z.string().meta({ format: "binary" }) };

/** GET /space/{space}/account/items/export/: the filtered list as a CSV or HTML file. */
export const exportAccounts = defineRoute({
  method: "get",
  path: "/space/{space}/account/items/export",
  summary: "The accounts list (its filters, one page or all) as accounts_export.csv or .html",
  tags,
  request: { params: SpaceParam, query: AccountExportQuery },
  responses: {
    200: {
      description: "The export file (an attachment)",
      content: { "text/csv": exportFile, "text/html": exportFile },
    },
    ...commonErrors,
  },
});

/** GET /space/{space}/account/items/: a page of the space's accounts with counts and summary. */
export const listAccounts = defineRoute({
  method: "get",
  path: "/space/{space}/account/items",
  summary: "A page of the space's accounts (newest invitation first), its counts and the summary cards",
  tags,
  request: { params: SpaceParam, query: AccountListQuery },
  responses: { 200: jsonResponse(AccountList), ...commonErrors },
});

/** POST /space/{space}/account/add/: invite users (Admin). */
export const inviteAccounts = defineRoute({
  method: "post",
  path: "/space/{space}/account/add",
  summary: "Invite users by e-mail with a role; Admin",
  tags,
  request: { params: SpaceParam, body: jsonBody(InviteInput) },
  responses: { 201: jsonResponse(InviteReply, "The invited accounts"), ...bodyErrors },
});

const presence = (online: boolean) =>
  ({
    method: "post",
    path: `/space/{space}/account/${online ? "login" : "logout"}`,
    summary: `Report the caller's own account ${online ? "online (console opened)" : "offline (sign-out)"}`,
    tags,
    request: { params: SpaceParam, body: jsonBody(PresenceInput) },
    responses: { 200: jsonResponse(PresenceReply), ...bodyErrors },
  }) as const;

/** POST /space/{space}/account/login/: the caller's membership is online. */
export const reportOnline = defineRoute(presence(true));
/** POST /space/{space}/account/logout/: the caller's membership is offline. */
export const reportOffline = defineRoute(presence(false));

/** PATCH /space/{space}/account/{account}/: role change, disable or enable (Admin). */
export const updateAccount = defineRoute({
  method: "patch",
  path: "/space/{space}/account/{account}",
  summary: "Change an account's role or status (disable, enable); Admin",
  tags,
  request: { params: AccountParam, body: jsonBody(AccountPatch) },
  responses: { 200: jsonResponse(AccountRow), ...bodyErrors },
});
