import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./common.ts";
import { spaceCredentialTable } from "./space-credential.ts";
import { userTable, userUuid } from "./user.ts";

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
    user_uuid: userUuid(),
    expires_at: text("expires_at").notNull(),
    used_at: text("used_at"),
    /** Hash of the token that replaced this one: set in the same UPDATE that consumes it. */
    replaced_by: text("replaced_by"),
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
  /** Account-wide back-off (key "account|…"): refused until this time (ms); 0 = not locked. */
  locked_until: integer("locked_until").notNull().default(0),
  /** Account-wide back-off: how many times the lock was reached in a row (doubles the lock). */
  strikes: integer("strikes").notNull().default(0),
});

/**
 * Single-use room tickets (ARCHITECTURE.md, Room addresses): a browser trades its access token
 * for a ticket bound to one room, valid 30 s, and opens the socket with it, so access tokens do
 * not travel in URLs; a display link or API token buys one the same way for its space's room. A
 * ticket names who bought it: a user (with the expiry of the access token it was bought with) or
 * a credential. Only a SHA-256 of the ticket is stored; consuming it is one conditional UPDATE.
 */
export const roomTicketTable = sqliteTable(
  "room_ticket",
  {
    ticket_hash: text("ticket_hash").primaryKey(),
    /** "space/{uuid}", "location/{uuid}" or "device/{uuid}". */
    room: text("room").notNull(),
    user_uuid: text("user_uuid").references(() => userTable.uuid, { onDelete: "cascade" }),
    credential_uuid: text("credential_uuid").references(() => spaceCredentialTable.uuid, { onDelete: "cascade" }),
    /** A user's ticket: the expiry (ms) of the access token it was bought with; the socket lasts until then unless re-authenticated. */
    token_exp: integer("token_exp"),
    expires_at: integer("expires_at").notNull(),
    used_at: integer("used_at"),
  },
  (t) => [index("room_ticket_expires_at_idx").on(t.expires_at)],
);
