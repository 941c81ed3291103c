import { z } from "zod";

/** Who an entry's actor is. */
export const AUDIT_ACTOR_KINDS = ["account", "api_token", "display_link", "system"] as const;
export const AuditActorKind = z.enum(AUDIT_ACTOR_KINDS);

export const AUDIT_TEXT = {
  adminsOnly: "Only Admins may read the audit log.",
  badRange: "The start of the time range must be before its end.",
} as const;

/** A bounded filter text: D1 refuses LIKE patterns longer than 50 bytes. */
const filterText = z.string().trim().max(40).optional();

/** The audit log's filters (all optional, all within the caller's space). */
const filterShape = {
  /** An actor's name (prefix) or uuid. */
  actor: filterText,
  actor_kind: AuditActorKind.optional(),
  /** An action or its prefix (e.g. `device.`). */
  action: filterText,
  /** A target's name (prefix) or uuid. */
  target: filterText,
  target_type: z.string().trim().max(40).optional(),
  /** Entries about this device or written by its agent. */
  device: z.uuid().optional(),
  /** ISO times; from inclusive, to exclusive. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
};
const rangeInOrder = (f: { from?: string; to?: string }) => !f.from || !f.to || Date.parse(f.from) < Date.parse(f.to);
const rangeError = { message: AUDIT_TEXT.badRange, path: ["to"] };
export const AuditFilters = z.object(filterShape).refine(rangeInOrder, rangeError);
export type AuditFilters = z.infer<typeof AuditFilters>;

export const AuditListQuery = z
  .object({
    ...filterShape,
    /** Entries below this sequence (the previous page's next_cursor); newest first. */
    cursor: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  })
  .refine(rangeInOrder, rangeError);
export type AuditListQuery = z.infer<typeof AuditListQuery>;

export const AUDIT_EXPORT_FORMATS = ["csv", "jsonl"] as const;
export const AuditExportQuery = z
  .object({ ...filterShape, format: z.enum(AUDIT_EXPORT_FORMATS).default("csv") })
  .refine(rangeInOrder, rangeError);
export type AuditExportQuery = z.infer<typeof AuditExportQuery>;

export const AuditEntry = z.object({
  uuid: z.string(),
  seq: z.number().int().nullable(),
  created_at: z.string(),
  actor_kind: AuditActorKind.nullable(),
  actor_uuid: z.string().nullable(),
  actor_name: z.string().nullable(),
  actor_device_uuid: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_uuid: z.string().nullable(),
  target_name: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  request_id: z.string().nullable(),
  client_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  bytes_in: z.number().nullable(),
  bytes_out: z.number().nullable(),
  recording_path: z.string().nullable(),
  hash: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditList = z.object({
  entries: z.array(AuditEntry),
  /** Pass as `cursor` for the next (older) page; null at the end. */
  next_cursor: z.number().int().nullable(),
});
export type AuditList = z.infer<typeof AuditList>;

export const AuditVerifyResult = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  first_seq: z.number().int().nullable(),
  last_seq: z.number().int().nullable(),
  first_broken_seq: z.number().int().nullable(),
  reason: z.string().nullable(),
  anchors_checked: z.number().int(),
  verified_at: z.string(),
});
export type AuditVerifyResult = z.infer<typeof AuditVerifyResult>;

export const AuditAnchor = z.object({ day: z.string(), seq: z.number().int(), hash: z.string() });
export const AuditAnchors = z.object({
  anchors: z.array(AuditAnchor),
  /** The prune anchor: where the kept chain starts (null when nothing was pruned). */
  pruned_through: AuditAnchor.nullable(),
  retention_days: z.number().int(),
});
export type AuditAnchors = z.infer<typeof AuditAnchors>;

export const AuditSettingsPatch = z.object({ retention_days: z.number().int().min(1).max(3650) });
export const AuditSettings = z.object({ retention_days: z.number().int() });
