import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./common.ts";
import { deviceUuid } from "./device.ts";
import { spaceUuid } from "./space.ts";

/** Bearer credentials issued to a device's agent at enrolment. Only a SHA-256 hex is stored. */
export const deviceCredentialTable = sqliteTable(
  "device_credential",
  {
    token_hash: text("token_hash").primaryKey(),
    device_uuid: deviceUuid(),
    space_uuid: spaceUuid(),
    created_at: createdAt(),
    revoked_at: text("revoked_at"),
  },
  (t) => [index("device_credential_device_uuid_idx").on(t.device_uuid)],
);
