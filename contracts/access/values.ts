/** Credentials' kinds, prefixes and end messages. Free of zod (contracts/values: what the console's first load may import). */

export const CREDENTIAL_KINDS = ["display_link", "api_token"] as const;
type CredentialKind = (typeof CREDENTIAL_KINDS)[number];

/** A secret starts with its kind's prefix, then 43 base64url characters (32 random bytes). */
export const CREDENTIAL_PREFIX = { display_link: "owd_", api_token: "ost_" } as const satisfies Record<
  CredentialKind,
  string
>;

/** What the API answers (401 message) for a credential that no longer works: the wall shows the reason. */
export const CREDENTIAL_ENDED = {
  display_link: { revoked: "This display link was revoked.", expired: "This display link expired." },
  api_token: { revoked: "This API token was revoked.", expired: "This API token expired." },
} as const satisfies Record<CredentialKind, { revoked: string; expired: string }>;

export const CREDENTIAL_NAME_MAX = 100;
