import { z } from "zod";
import { TOKEN_ERROR_CODES } from "./values.ts";

export { CONSOLE_CLIENT_ID, TOKEN_ERROR_CODES } from "./values.ts";

/** Successful reply of POST /auth/token (RFC 6749 §5.1 + OIDC id_token). */
export const TokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  refresh_expires_in: z.number().int(),
  id_token: z.string().optional(),
  scope: z.string(),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

/** Error reply of POST /auth/token (RFC 6749 §5.2). */
export const TokenError = z.object({
  error: z.enum(TOKEN_ERROR_CODES),
  error_description: z.string(),
});
export type TokenError = z.infer<typeof TokenError>;

/** Claims of an Outpost access token. */
export const AccessTokenClaims = z.object({
  iss: z.string(),
  sub: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  exp: z.number(),
  iat: z.number(),
  email: z.string(),
  name: z.string().optional(),
  sid: z.string().optional(),
});
export type AccessTokenClaims = z.infer<typeof AccessTokenClaims>;
