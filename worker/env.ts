import type { DeviceRoom } from "./rooms/device-room.ts";
import type { LocationRoom } from "./rooms/location-room.ts";
import type { SpaceRoom } from "./rooms/space-room.ts";
import type { AlertMessage } from "./services/alerting/queue.ts";

declare global {
  namespace Cloudflare {
    interface Env {
      DB: D1Database;
      FILES: R2Bucket;
      ASSETS?: Fetcher;
      /** Party names in /parties/<party>/<room> are these binding names in kebab-case. */
      Space: DurableObjectNamespace<SpaceRoom>;
      Location: DurableObjectNamespace<LocationRoom>;
      Device: DurableObjectNamespace<DeviceRoom>;
      /** Alert notifications (worker/services/alerting/queue.ts); absent only where no queue is bound. */
      ALERTS?: Queue<AlertMessage>;
      ENVIRONMENT: string;
      ACCESS_TOKEN_TTL: string;
      REFRESH_TOKEN_TTL: string;
      /** Optional external OpenID issuer trusted instead of the embedded one. */
      EXTERNAL_ISSUER: string;
      EXTERNAL_JWKS_URL: string;
      /** Audience(s) external access tokens must carry, comma-separated; empty = "outpost-console". */
      EXTERNAL_AUDIENCE: string;
      /** Optional fixed issuer URL; by default the issuer is `{request origin}/auth`. */
      ISSUER_URL?: string;
      /** Optional ES256 private JWK (JSON) for production; otherwise a key is made and kept in D1. */
      OIDC_SIGNING_JWK?: string;
      /** Secret the installation codes' AES-GCM key is derived from; required in production. */
      INSTALLATION_CODE_KEY?: string;
      /** Optional Cloudflare Email Service binding: in production, outgoing mail is also sent through it. */
      SEND_EMAIL?: SendEmail;
      /** Sender of outgoing mail (e.g. "Outpost <no-reply@example.com>"); needed with SEND_EMAIL. */
      MAIL_FROM?: string;
      /** "1"/"true" serves /dev/* (the mail outbox); set only by the local start and test scripts. */
      DEV_ROUTES?: string;
      /** Public origin of the console (e.g. "https://outpost.example.com"): mailed links point here. */
      PUBLIC_ORIGIN?: string;
      /** Sockets one account (display link, API token) may hold in one room; default 20 (worker/rooms/room.ts). */
      ROOM_SOCKETS_PER_ACCOUNT?: string;
      /** Agent connects one isolate runs at once; the rest wait or are told to retry later (presence-admission.ts). */
      AGENT_CONNECTS_IN_FLIGHT?: string;
    }
  }
}

export type Env = Cloudflare.Env;

import type { InferSelectModel } from "drizzle-orm";
import type { roleTable } from "../drizzle/schema/role.ts";
import type { spaceTable } from "../drizzle/schema/space.ts";
import type { spaceAccountTable } from "../drizzle/schema/space-account.ts";
import type { spaceCredentialTable } from "../drizzle/schema/space-credential.ts";
import type { userTable } from "../drizzle/schema/user.ts";
import type { Config } from "./config.ts";
import type { Db } from "./lib/db.ts";

export type UserRow = InferSelectModel<typeof userTable>;
export type SpaceRow = InferSelectModel<typeof spaceTable>;
export type SpaceAccountRow = InferSelectModel<typeof spaceAccountTable>;
export type RoleRow = InferSelectModel<typeof roleTable>;
export type RoleCode = RoleRow["code"];
export type SpaceCredentialRow = InferSelectModel<typeof spaceCredentialTable>;

/**
 * Who calls the API (set by requireUser): a person with an access token, or a space's display
 * link / API token (worker/services/access). Code that only people may reach checks
 * `kind === "user"`; requireSpaceMember refuses the read-only ones every change.
 */
export type ApiPrincipal = { kind: "user" } | { kind: "display_link" | "api_token"; credential: SpaceCredentialRow };

/** Hono context: bindings plus what middleware sets. */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    requestId: string;
    config: Config;
    db: Db;
    principal: ApiPrincipal;
    /** For a display link: a stand-in with the link's uuid and name; for an API token: its creator (no account flags). */
    user: UserRow;
    space: SpaceRow;
    account: SpaceAccountRow;
    role: RoleRow;
  };
};

/** What every space-scoped service receives (STYLE: services take { ctx, input }). */
export type SpaceCtx = {
  db: Db;
  env: Env;
  user: UserRow;
  space: SpaceRow;
  account: SpaceAccountRow;
  role: RoleRow;
};
