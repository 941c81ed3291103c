import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, uuidPk } from "./common.ts";
import { deviceUuid } from "./device.ts";
import { spaceUuid } from "./space.ts";

/**
 * One-time installation codes (valid 24 h). Only a SHA-256 hex of the code is stored, so the
 * code value is returned once, by the reset/replacement call that makes it; afterwards the API
 * can show only installation_code_expires_at. A reset revokes the device's earlier codes.
 */
export const installationCodeTable = sqliteTable(
  "installation_code",
  {
    uuid: uuidPk(),
    space_uuid: spaceUuid(),
    device_uuid: deviceUuid(),
    code_hash: text("code_hash").notNull(),
    expires_at: text("expires_at").notNull(),
    used_at: text("used_at"),
    revoked_at: text("revoked_at"),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("installation_code_code_hash_idx").on(t.code_hash),
    index("installation_code_device_uuid_idx").on(t.device_uuid),
  ],
);
