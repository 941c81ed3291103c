/** The console's OAuth client. Free of zod (contracts/values: what the console's first load may import). */

/** The console's public OAuth client id (a contract: see ARCHITECTURE.md). */
export const CONSOLE_CLIENT_ID = "outpost-console";

/** The `error` of a refused token request (RFC 6749 §5.2; contracts/auth/schema.ts `TokenError`). */
export const TOKEN_ERROR_CODES = [
  "invalid_request",
  "invalid_client",
  "invalid_grant",
  "unsupported_grant_type",
  "invalid_scope",
  "slow_down",
] as const;
