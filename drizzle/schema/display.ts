import { index, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { DISPLAY_ORIENTATIONS } from "../../contracts/devices/detail.ts";
import { bool, json, timestamps, uuidPk } from "./common.ts";
import { deviceUuid } from "./device.ts";
import { spaceUuid } from "./space.ts";

/**
 * A screen of a runner device. `name` may be "<output>@<model>" (the UI shows the part before
 * @). available_refresh_rates maps each resolution to its rates (the API's
 * availableRefreshRates; available_resolutions is availableResolutions). Note: `primary` is an
 * SQL keyword; quote it in raw SQL.
 */
export const displayTable = sqliteTable(
  "display",
  {
    uuid: uuidPk(),
    space_uuid: spaceUuid(),
    device_uuid: deviceUuid(),
    name: text("name").notNull(),
    primary: bool("primary").notNull().default(false),
    disabled: bool("disabled").notNull().default(false),
    resolution: text("resolution").notNull().default(""),
    available_resolutions: json<string[]>("available_resolutions").notNull().default([]),
    refresh_rate: real("refresh_rate"),
    available_refresh_rates: json<Record<string, number[]>>("available_refresh_rates").notNull().default({}),
    orientation: text("orientation", { enum: DISPLAY_ORIENTATIONS }).notNull().default("normal"),
    graphical_output: text("graphical_output").notNull().default(""),
    ...timestamps(),
  },
  (t) => [index("display_space_uuid_device_uuid_idx").on(t.space_uuid, t.device_uuid)],
);
