import { z } from "zod";
import { CommandAction } from "./action.ts";
import { QUEUE_TTL_DEFAULT_S, QUEUE_TTL_MAX_S } from "./queue-values.ts";

export { FINAL_COMMAND_STATES, QUEUE_TTL_DEFAULT_S, QUEUE_TTL_MAX_S } from "./queue-values.ts";

/**
 * Commands with a truthful life. Every command the API sends (directly or queued)
 * has a record in its DeviceRoom's SQLite that survives eviction and reconnects:
 *
 *   queued ──▶ delivered ──▶ acked ──▶ succeeded | failed
 *     │            │            └──(agent vanished / no answer by the deadline)──▶ in_doubt ──▶ succeeded | failed (late)
 *     │            └──(not acked by the deadline; the agent refuses it after)──▶ expired
 *     │◀─────────────┘ (a queued command not acked by its deadline while its TTL holds: it did not run, offered again)
 *     ├──(TTL passed while the device was offline)──▶ expired
 *     ├──(operator)──▶ cancelled          (only while queued: a delivered command cannot be recalled)
 *     └──(a newer command with the same supersede_key)──▶ superseded
 *
 * A direct (not queued) command that could not be written to any agent socket is `unavailable`
 * (never sent: safe to retry); one written but never acknowledged by its 30 s deadline is
 * `expired` (the agent refuses it after the deadline, so it did not run). Only `in_doubt` means
 * "it may have run": the API says so (`outcome_unknown`) instead of guessing.
 */
export const CommandState = z.enum([
  "queued",
  "delivered",
  "acked",
  "succeeded",
  "failed",
  "expired",
  "cancelled",
  "superseded",
  "in_doubt",
  "unavailable",
]);
export type CommandState = z.infer<typeof CommandState>;

export const OUTCOME_UNKNOWN_MESSAGE =
  "The device received the command but its answer has not arrived; the outcome will be updated when it does.";
export const NOT_CANCELLABLE_MESSAGE = "The command was already delivered to the device and cannot be cancelled.";

/** A command as the API and the Commands tab show it. */
export const CommandRecord = z.object({
  id: z.string(),
  action: CommandAction,
  state: CommandState,
  /** Queued commands only: the key that lets a newer command replace this one (e.g. "display-config"). */
  supersede_key: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** When a queued command expires unless delivered (created_at + TTL); null for direct commands. */
  expires_at: z.string().nullable(),
  /** The agent refuses the command after this instant (a delivered command's 30 s window). */
  deadline: z.string().nullable(),
  delivered_at: z.string().nullable(),
  acked_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** True when the answer arrived after the API had answered outcome_unknown ("succeeded late"). */
  late: z.boolean(),
  /** The agent's result (without bulky parts such as a screenshot's image) or its error. */
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  /** Who issued it (null for the system, e.g. a configuration delivered on reconnect). */
  user_uuid: z.string().nullable(),
  /**
   * That member's name as the space shows it (full name, else display name, else e-mail) in the
   * list and single reads; null for the system or someone no longer in the space.
   */
  issued_by: z.string().nullable().optional(),
});
export type CommandRecord = z.infer<typeof CommandRecord>;

/** GET /space/{space}/device/{uuid}/command/items/: newest first, at most 200. */
export const CommandList = z.object({ commands: z.array(CommandRecord) });
export type CommandList = z.infer<typeof CommandList>;

/** POST /space/{space}/device/{uuid}/command/add/: queue a command for a (possibly offline) device. */
export const CommandQueueInput = z.object({
  action: CommandAction,
  params: z.record(z.string(), z.unknown()).default({}),
  request_id: z.string().min(1).max(128).optional(),
  ttl_seconds: z.number().int().min(60).max(QUEUE_TTL_MAX_S).default(QUEUE_TTL_DEFAULT_S),
  supersede_key: z.string().min(1).max(64).optional(),
});
export type CommandQueueInput = z.input<typeof CommandQueueInput>;

/** POST /space/{space}/device/{uuid}/command/purge/: cancels every queued command of the device. */
export const CommandPurgeResult = z.object({ cancelled: z.number().int() });
