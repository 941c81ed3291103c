import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./common.ts";
import { userTable } from "./user.ts";

/** ES256 signing keys of the embedded OpenID provider (newest active key signs). */
export const signingKeyTable = sqliteTable("signing_key", {
  kid: text("kid").primaryKey(),
  private_jwk: text("private_jwk").notNull(),
  public_jwk: text("public_jwk").notNull(),
  created_at: createdAt(),
});

/**
 * Rotating refresh tokens. Only a SHA-256 of the token is stored. Each refresh consumes the
 * token and issues the next one in the same family; presenting a consumed token again revokes
 * the whole family (reuse detection).
 */
export const refreshTokenTable = sqliteTable(
  "refresh_token",
  {
    token_hash: text("token_hash").primaryKey(),
    family_id: text("family_id").notNull(),
    user_uuid: text("user_uuid")
      .notNull()
      .references(() => userTable.uuid, { onDelete: "cascade" }),
    expires_at: text("expires_at").notNull(),
    used_at: text("used_at"),
    revoked_at: text("revoked_at"),
    created_at: createdAt(),
  },
  (t) => [index("refresh_token_family_id_idx").on(t.family_id)],
);

/**
 * Failed sign-in counters per (account, client address) in a fixed 15-minute window.
 * Keyed by both so an attacker elsewhere cannot lock the real user out.
 */
export const loginThrottleTable = sqliteTable("login_throttle", {
  key: text("key").primaryKey(),
  window_start: integer("window_start").notNull(),
  failures: integer("failures").notNull().default(0),
});
