import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, integer, text } from "drizzle-orm/sqlite-core";

/** uuid primary keys are text; the app generates them with crypto.randomUUID(). */
export const uuidPk = (name = "uuid") =>
  text(name)
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

/**
 * A required reference to the row that owns this one: deleting the owner deletes the row
 * (ON DELETE CASCADE). space.ts, device.ts, location.ts and user.ts name their own (spaceUuid(), …).
 */
export const ownerUuid = (name: string, owner: () => AnySQLiteColumn) =>
  text(name).notNull().references(owner, { onDelete: "cascade" });

/** Timestamps are ISO-8601 UTC text (sortable, readable in SQL, the shape the API returns). */
export const nowIso = () => new Date().toISOString();
export const isoDefault = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const createdAt = () => text("created_at").notNull().default(isoDefault).$defaultFn(nowIso);
export const updatedAt = () => text("updated_at").notNull().default(isoDefault).$defaultFn(nowIso).$onUpdateFn(nowIso);

export const timestamps = () => ({ created_at: createdAt(), updated_at: updatedAt() });

export const bool = (name: string) => integer(name, { mode: "boolean" });
export const json = <T>(name: string) => text(name, { mode: "json" }).$type<T>();
