import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamps, uuidPk } from "./common.ts";
import { deviceUuid } from "./device.ts";
import { displayTable } from "./display.ts";
import { peripheralTable } from "./peripheral.ts";
import { spaceUuid } from "./space.ts";
import { userTable } from "./user.ts";

/**
 * A comment on a device, or on one of its displays (display_uuid) or peripherals
 * (peripheral_uuid). account_display_name/account_online are joined from the author's user and
 * space_account. A device's own comments have both display_uuid and peripheral_uuid null.
 */
export const commentTable = sqliteTable(
  "comment",
  {
    uuid: uuidPk(),
    space_uuid: spaceUuid(),
    device_uuid: deviceUuid(),
    display_uuid: text("display_uuid").references(() => displayTable.uuid, { onDelete: "cascade" }),
    peripheral_uuid: text("peripheral_uuid").references(() => peripheralTable.uuid, { onDelete: "cascade" }),
    /** null once the author's user is deleted. */
    author_user_uuid: text("author_user_uuid").references(() => userTable.uuid, { onDelete: "set null" }),
    value: text("value").notNull(),
    ...timestamps(),
  },
  (t) => [
    index("comment_space_uuid_device_uuid_created_at_idx").on(t.space_uuid, t.device_uuid, t.created_at),
    index("comment_display_uuid_idx").on(t.display_uuid),
    index("comment_peripheral_uuid_idx").on(t.peripheral_uuid),
  ],
);
