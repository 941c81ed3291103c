import { eq } from "drizzle-orm";
import { NotificationPreferences } from "../../../contracts/alerting/schema.ts";
import { notificationPreferenceTable as p } from "../../../drizzle/schema/index.ts";
import type { Db } from "../../lib/db.ts";

/** A user's notification preferences (defaults until they save some). */
export async function getPreferences(db: Db, userUuid: string): Promise<NotificationPreferences> {
  const [row] = await db.select().from(p).where(eq(p.user_uuid, userUuid));
  return NotificationPreferences.parse(
    row ? { channels: row.channels, quiet_hours: row.quiet_hours, spaces: row.spaces } : {},
  );
}

export async function putPreferences(db: Db, userUuid: string, input: NotificationPreferences) {
  const values = {
    channels: [...new Set(input.channels)],
    quiet_hours: input.quiet_hours,
    spaces: [...new Set(input.spaces)],
    updated_at: new Date().toISOString(),
  };
  await db
    .insert(p)
    .values({ user_uuid: userUuid, ...values })
    .onConflictDoUpdate({ target: p.user_uuid, set: values });
  return getPreferences(db, userUuid);
}
