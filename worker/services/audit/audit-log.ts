import { and, eq } from "drizzle-orm";
import type {
  AuditAnchors,
  AuditExportQuery,
  AuditList,
  AuditListQuery,
  AuditVerifyResult,
} from "../../../contracts/audit/schema.ts";
import { auditAnchorTable, auditSettingsTable } from "../../../drizzle/schema/audit-log.ts";
import type { SpaceCtx } from "../../env.ts";
import { auditInsert } from "../kernel/audit.ts";
import { readR2Anchors } from "./anchors.ts";
import { spaceKey } from "./chain.ts";
import { exportAudit } from "./export.ts";
import { listAudit } from "./queries.ts";
import { retentionDays } from "./retention.ts";
import { verifyChain } from "./verify.ts";

/** Reading the audit log is itself audited; the filters say what was read. */
const recordRead = (ctx: SpaceCtx, action: string, after: Record<string, unknown>) =>
  auditInsert(ctx.db, {
    spaceUuid: ctx.space.space_uuid,
    actorUserUuid: ctx.user.uuid,
    action,
    entityType: "audit_log",
    entityUuid: ctx.space.space_uuid,
    entityName: ctx.space.space_name,
    after,
  });

const definedOnly = (value: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== ""));

/**
 * A page of the log. The first page of a query is the read that gets audited: the pages after it
 * (the list scrolling) read on under the same filters.
 */
export async function readAuditLog({ ctx, input }: { ctx: SpaceCtx; input: AuditListQuery }): Promise<AuditList> {
  const { cursor, limit, ...filters } = input;
  if (!cursor) await recordRead(ctx, "audit.read", definedOnly(filters)).run();
  return listAudit(ctx.db, ctx.space.space_uuid, input);
}

export async function exportAuditLog({ ctx, input }: { ctx: SpaceCtx; input: AuditExportQuery }) {
  await recordRead(ctx, "audit.export", definedOnly(input)).run();
  return exportAudit(ctx.db, ctx.space.space_uuid, input);
}

/** Verifies the space's chain against the daily anchors R2 holds; the verification is audited with its outcome. */
export async function verifyAuditLog({ ctx, now }: { ctx: SpaceCtx; now: Date }): Promise<AuditVerifyResult> {
  const anchors = await readR2Anchors(ctx.env.FILES, ctx.space.space_uuid);
  const result = await verifyChain(ctx.db, ctx.space.space_uuid, anchors);
  await recordRead(ctx, "audit.verify", {
    ok: result.ok,
    checked: result.checked,
    first_broken_seq: result.first_broken_seq,
  }).run();
  return { ...result, verified_at: now.toISOString() };
}

export async function auditAnchors({ ctx }: { ctx: SpaceCtx }): Promise<AuditAnchors> {
  const [anchors, pruned, days] = await Promise.all([
    readR2Anchors(ctx.env.FILES, ctx.space.space_uuid),
    ctx.db
      .select({ day: auditAnchorTable.day, seq: auditAnchorTable.seq, hash: auditAnchorTable.hash })
      .from(auditAnchorTable)
      .where(and(eq(auditAnchorTable.space_key, spaceKey(ctx.space.space_uuid)), eq(auditAnchorTable.kind, "prune")))
      .get(),
    retentionDays(ctx.db, ctx.space.space_uuid),
  ]);
  return { anchors: anchors.reverse(), pruned_through: pruned ?? null, retention_days: days };
}

export async function setAuditRetention({ ctx, input }: { ctx: SpaceCtx; input: { retention_days: number } }) {
  const before = await retentionDays(ctx.db, ctx.space.space_uuid);
  await ctx.db.batch([
    ctx.db
      .insert(auditSettingsTable)
      .values({ space_uuid: ctx.space.space_uuid, retention_days: input.retention_days })
      .onConflictDoUpdate({ target: auditSettingsTable.space_uuid, set: { retention_days: input.retention_days } }),
    auditInsert(ctx.db, {
      spaceUuid: ctx.space.space_uuid,
      actorUserUuid: ctx.user.uuid,
      action: "audit.settings.update",
      entityType: "space",
      entityUuid: ctx.space.space_uuid,
      entityName: ctx.space.space_name,
      before: { retention_days: before },
      after: { retention_days: input.retention_days },
    }),
  ]);
  return { retention_days: input.retention_days };
}
