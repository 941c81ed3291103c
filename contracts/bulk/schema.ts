import { z } from "zod";
import { DeviceListQuery } from "../devices/schema.ts";

/*
 * Bulk actions: one request acting on many devices or accounts, answered per
 * row. Each row runs the single-row service (the same rules, the same audit entry) and reports
 * its own outcome; one row's failure does not stop the others.
 */

/** Most rows one bulk request names (or matches through its filter). */
export const BULK_MAX = 1000;
/** How many rows run at once. */
export const BULK_CONCURRENCY = 8;
/** How long a reboot queued for an offline device waits (24 h). */
export const BULK_QUEUE_TTL_S = 86_400;

export const DEVICE_BULK_ACTIONS = [
  "reboot",
  "enable",
  "disable",
  "add_tag",
  "remove_tag",
  "move_location",
  "archive",
] as const;
export type DeviceBulkAction = (typeof DEVICE_BULK_ACTIONS)[number];

/** The device list's filters (its query fields, values as in the query string) for "select all matching". */
export const DeviceBulkFilter = DeviceListQuery.omit({ ordering: true, page: true, page_size: true, cursor: true });

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = () => z.string({ error: "Not a valid string." }).regex(UUID_PATTERN, "Must be a valid UUID.");

const uuidList = (what: string) =>
  z
    .array(uuid(), { error: "Expected a list of items." })
    .min(1, `Select at least one ${what}.`)
    .max(BULK_MAX, `Ensure this field has no more than ${BULK_MAX} elements.`);

/** A bulk request id: each row's command or change is keyed by it, so a retried request acts once. */
const requestId = z.string().min(1).max(64).optional();

export const DeviceBulkInput = z
  .object({
    action: z.enum(DEVICE_BULK_ACTIONS, {
      error: (issue) => `Select a valid choice. ${String(issue.input)} is not one of the available choices.`,
    }),
    device_uuids: uuidList("device").optional(),
    filter: DeviceBulkFilter.optional(),
    params: z
      .object({
        tag_uuid: uuid().optional(),
        location_uuid: uuid().optional(),
        /** Reboot: queue the command for an offline device (delivered when it connects, for 24 h). */
        queue_offline: z.boolean().optional(),
      })
      .default({}),
    request_id: requestId,
  })
  .superRefine((input, ctx) => {
    if (!input.device_uuids === !input.filter) {
      ctx.addIssue({ code: "custom", path: ["device_uuids"], message: "Send either device_uuids or filter." });
    }
    if ((input.action === "add_tag" || input.action === "remove_tag") && !input.params.tag_uuid) {
      ctx.addIssue({ code: "custom", path: ["params", "tag_uuid"], message: "Required" });
    }
    if (input.action === "move_location" && !input.params.location_uuid) {
      ctx.addIssue({ code: "custom", path: ["params", "location_uuid"], message: "Required" });
    }
  });
export type DeviceBulkInput = z.input<typeof DeviceBulkInput>;

export const BULK_OUTCOMES = ["succeeded", "failed", "offline", "queued"] as const;
export type BulkOutcome = (typeof BULK_OUTCOMES)[number];

export const DeviceBulkResult = z.object({
  device_uuid: z.string(),
  /** The device's name (absent for a device not found). */
  device_name: z.string().optional(),
  outcome: z.enum(BULK_OUTCOMES),
  /** The error code of a failure (not_found, device_disabled, …) or of an offline device. */
  code: z.string().optional(),
  message: z.string().optional(),
});
export type DeviceBulkResult = z.infer<typeof DeviceBulkResult>;

export const DeviceBulkReply = z.object({
  action: z.enum(DEVICE_BULK_ACTIONS),
  request_id: z.string(),
  results: z.array(DeviceBulkResult),
  counts: z.record(z.enum(BULK_OUTCOMES), z.number().int()),
});
export type DeviceBulkReply = z.infer<typeof DeviceBulkReply>;

export const ACCOUNT_BULK_ACTIONS = ["set_role", "disable"] as const;

export const AccountBulkInput = z
  .object({
    action: z.enum(ACCOUNT_BULK_ACTIONS, {
      error: (issue) => `Select a valid choice. ${String(issue.input)} is not one of the available choices.`,
    }),
    account_uuids: uuidList("account"),
    role_uuid: z.string().optional(),
  })
  .superRefine((input, ctx) => {
    if (input.action === "set_role" && !input.role_uuid) {
      ctx.addIssue({ code: "custom", path: ["role_uuid"], message: "Required" });
    }
  });
export type AccountBulkInput = z.input<typeof AccountBulkInput>;

export const AccountBulkResult = z.object({
  account_uuid: z.string(),
  outcome: z.enum(["succeeded", "failed"]),
  code: z.string().optional(),
  message: z.string().optional(),
});
export type AccountBulkResult = z.infer<typeof AccountBulkResult>;

export const AccountBulkReply = z.object({
  action: z.enum(ACCOUNT_BULK_ACTIONS),
  results: z.array(AccountBulkResult),
});
export type AccountBulkReply = z.infer<typeof AccountBulkReply>;

/** Counts of each outcome in a list of results. */
export function countOutcomes(results: readonly { outcome: BulkOutcome }[]) {
  const counts: Record<BulkOutcome, number> = { succeeded: 0, failed: 0, offline: 0, queued: 0 };
  for (const result of results) counts[result.outcome] += 1;
  return counts;
}
