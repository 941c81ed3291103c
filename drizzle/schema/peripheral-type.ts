import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { uuidPk } from "./common.ts";

/**
 * Coin Acceptor, Bill Acceptor, Card Reader, … (global reference data). `slug` is the {type}
 * path segment of the peripheral enabled-status call; coin and bill acceptors share
 * money-acceptor, so it is not unique.
 */
export const peripheralTypeTable = sqliteTable("peripheral_type", {
  uuid: uuidPk(),
  name: text("name").notNull(),
  slug: text("slug").notNull(),
});
