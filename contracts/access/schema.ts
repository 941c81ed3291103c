import { z } from "zod";
import { safeName } from "../http/text.ts";
import { CREDENTIAL_KINDS, CREDENTIAL_NAME_MAX, CREDENTIAL_PREFIX } from "./values.ts";

export { CREDENTIAL_ENDED, CREDENTIAL_KINDS, CREDENTIAL_NAME_MAX, CREDENTIAL_PREFIX } from "./values.ts";

/**
 * Scoped, revocable credentials of a space: **wall display links** (a wall screen
 * watches the space read-only, optionally narrowed to a location group or a location) and
 * **space API tokens** (automation; `read` = Viewer rights without any change, `operator` =
 * Content Manager rights, never Admin). The secret is shown once; only its SHA-256 is stored.
 */
export const CredentialKind = z.enum(CREDENTIAL_KINDS);
export type CredentialKind = z.infer<typeof CredentialKind>;

export const CREDENTIAL_SCOPES = ["read", "operator"] as const;
export const CredentialScope = z.enum(CREDENTIAL_SCOPES);
export type CredentialScope = z.infer<typeof CredentialScope>;

/** The kind a bearer secret claims by its prefix, or null (an access token, a device credential …). */
export function credentialKindOf(secret: string): CredentialKind | null {
  if (secret.startsWith(CREDENTIAL_PREFIX.display_link)) return "display_link";
  if (secret.startsWith(CREDENTIAL_PREFIX.api_token)) return "api_token";
  return null;
}

/** A display link or API token as the Admin's list shows it (never its secret). */
export const SpaceCredential = z.object({
  uuid: z.string(),
  kind: CredentialKind,
  name: z.string(),
  /** Display links are always `read`. */
  scope: CredentialScope,
  /** Display links only: the group or location the wall is narrowed to (null = the whole space). */
  location_group_uuid: z.string().nullable(),
  location_group_name: z.string().nullable(),
  location_uuid: z.string().nullable(),
  location_name: z.string().nullable(),
  created_by: z.object({ user_uuid: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  /** Updated at most once a minute. */
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type SpaceCredential = z.infer<typeof SpaceCredential>;

/** The reply of an add: the credential and its secret, shown this once. */
export const IssuedCredential = SpaceCredential.extend({
  secret: z.string().meta({ description: "Shown only in this reply; only its SHA-256 is stored." }),
});
export type IssuedCredential = z.infer<typeof IssuedCredential>;

/** GET /space/{space}/display-link/items/: newest first, revoked and expired ones included. */
export const DisplayLinkList = z.object({ display_links: z.array(SpaceCredential) });
export type DisplayLinkList = z.infer<typeof DisplayLinkList>;

/** GET /space/{space}/api-token/items/: newest first, revoked and expired ones included. */
export const ApiTokenList = z.object({ api_tokens: z.array(SpaceCredential) });
export type ApiTokenList = z.infer<typeof ApiTokenList>;

const name = safeName(
  z
    .string({ error: (issue) => (issue.input == null ? "Required" : "Not a valid string.") })
    .trim()
    .min(1, "Required")
    .max(CREDENTIAL_NAME_MAX, `Ensure this field has no more than ${CREDENTIAL_NAME_MAX} characters.`),
);

/** A group or location of the space (checked by the service: 400 when it is not one). */
const optionalUuid = z.string({ error: "Not a valid string." }).trim().nullable().optional();

/** An expiry in the future (ISO 8601 with an offset); null or absent = never expires. */
const expiresAt = z.iso
  .datetime({ offset: true, error: "Enter a valid date/time." })
  .refine((value) => Date.parse(value) > Date.now(), "The expiry must be in the future.")
  .nullable()
  .optional();

/** POST /space/{space}/display-link/add/: a group or a location may narrow it, not both. */
export const DisplayLinkAddInput = z
  .object({
    name,
    location_group_uuid: optionalUuid,
    location_uuid: optionalUuid,
    expires_at: expiresAt,
  })
  .refine((input) => !(input.location_group_uuid && input.location_uuid), {
    message: "Narrow a display link to a group or to a location, not both.",
    path: ["location_uuid"],
  });
export type DisplayLinkAddInput = z.infer<typeof DisplayLinkAddInput>;

/** POST /space/{space}/api-token/add/. */
export const ApiTokenAddInput = z.object({
  name,
  scope: CredentialScope.default("read"),
  expires_at: expiresAt,
});
export type ApiTokenAddInput = z.infer<typeof ApiTokenAddInput>;

/**
 * GET /credential/self/: who a display link or API token is (sent as the bearer). The wall reads
 * its space and scope here, since the link carries nothing but the secret.
 */
export const CredentialSelf = z.object({
  uuid: z.string(),
  kind: CredentialKind,
  name: z.string(),
  scope: CredentialScope,
  space_uuid: z.string(),
  space_name: z.string(),
  location_group_uuid: z.string().nullable(),
  location_uuid: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type CredentialSelf = z.infer<typeof CredentialSelf>;
