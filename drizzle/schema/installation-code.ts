import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, uuidPk } from "./common.ts";
import { deviceUuid } from "./device.ts";
import { spaceUuid } from "./space.ts";

/**
 * One-time installation codes (valid 24 h). A claim looks the code up by code_hash (SHA-256 hex
 * of the normalised code); code_sealed holds the code AES-GCM encrypted (worker/lib/crypto-box.ts,
 * key from the INSTALLATION_CODE_KEY secret) so the device's card can show it for its whole
 * validity. The code is never stored in clear; code_sealed is cleared once the code is used,
 * revoked or expired, and is null for codes made before it existed. A reset revokes the device's earlier codes.
 */
export const installationCodeTable = sqliteTable(
  "installation_code",
  {
    uuid: uuidPk(),
    space_uuid: spaceUuid(),
    device_uuid: deviceUuid(),
    code_hash: text("code_hash").notNull(),
    code_sealed: text("code_sealed"),
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
