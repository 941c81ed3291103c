import { and, eq } from "drizzle-orm";
import type { ChangeHistory, ChangeRecord, HistoryQuery } from "../../../contracts/admin/schema.ts";
import { auditLogTable as log } from "../../../drizzle/schema/index.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { readAuditPage } from "../kernel/audit.ts";
import { documentChanges } from "./changes.ts";
import type { AdminCtx } from "./ctx.ts";

type Input = HistoryQuery & { url: string; entityType: "application" | "runner"; entityUuid: string };

const actionOf = (action: string): ChangeRecord["action"] =>
  action.endsWith(".create") ? "create" : action.endsWith(".delete") ? "delete" : "update";

/**
 * GET /application/{id}/history/ and /runner/{id}/history/: the record's audit entries, newest
 * first (index audit_log(entity_uuid, created_at)), each with its author and, for an update, the
 * values that changed (a creation or deletion lists none: the action says it).
 */
export async function changeHistory({ ctx, input }: ServiceArgs<Input, AdminCtx>): Promise<ChangeHistory> {
  const where = and(eq(log.entity_uuid, input.entityUuid), eq(log.entity_type, input.entityType));
  const { rows, info } = await readAuditPage(ctx, input, where);
  const history = rows.map((row): ChangeRecord => {
    const action = actionOf(row.action);
    const diff = action === "update" ? documentChanges(row.before, row.after) : { changes: [], truncated: false };
    const actor =
      row.actor_uuid === null
        ? null
        : { uuid: row.actor_uuid, display_name: row.actor_display_name ?? "", email: row.actor_email ?? "" };
    return { uuid: row.uuid, action, created_at: row.created_at, actor, ...diff };
  });
  return { history, ...info };
}
