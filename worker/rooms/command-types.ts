/**
 * The DeviceRoom's command side as the room and the API see it: what a command call brings, what
 * the command side needs from its room, and the frame an agent gets.
 */
import type { Connection } from "partyserver";
import type { CommandRecord } from "../../contracts/commands/queue.ts";
import type { CommandAction, ServerMessage } from "../../contracts/realtime/events.ts";
import type { Env } from "../env.ts";
import type { CommandRow } from "./broker.ts";
import { kvDelete, kvGet } from "./device-storage.ts";

/** kv key of a display configuration waiting for the agent (older rooms; moved into the queue on start). */
export const PENDING_DISPLAY_CONFIG = "pending_display_config";
/** The supersede key of a display configuration saved while the device was offline. */
export const DISPLAY_CONFIG_KEY = "display-config";

export type Actor = { user_uuid: string | null; space_uuid: string };

export type RunCommandInput = {
  id: string;
  action: CommandAction;
  params?: Record<string, unknown>;
  actor: Actor;
};

export type QueueCommandInput = {
  id: string;
  action: CommandAction;
  params: Record<string, unknown>;
  /** null: no time limit (a display configuration waits for the device however long it takes). */
  ttl_seconds: number | null;
  supersede_key?: string | null;
  actor: Actor;
};

export type CancelResult = { record: CommandRecord } | { error: "not_found" | "not_cancellable" };

export type PendingDisplayConfig = { displays: unknown[]; actor: Actor; at: number };

/** What the command side of a DeviceRoom needs from the room. */
export type CommandHost = {
  env: () => Env;
  sql: () => SqlStorage;
  /** The device's uuid (the room's name). */
  device: () => string;
  /** Presence says the device is online. */
  online: () => boolean;
  /** The device's open agent socket (the newest), if any. */
  agent: () => Connection | undefined;
  /** How many queued commands that agent takes at once (its hello's queue_window; 1 without). */
  queueWindow: () => number;
  /** Writes a frame; false when the socket is not open. */
  send: (connection: Connection, message: ServerMessage) => boolean;
  toDashboards: (message: ServerMessage) => void;
  waitUntil: (work: Promise<unknown>) => void;
  armAlarm: (at: number) => Promise<void>;
};

/**
 * The frame the agent gets: the command with its deadline (the agent refuses it after) and the
 * time left until it (`ttl_ms`: a device with a skewed clock reads its deadline from arrival).
 */
export const frameOf = (row: CommandRow): ServerMessage => ({
  type: "command",
  id: row.id,
  action: row.action,
  params: row.params,
  ...(row.deadline !== null ? { deadline: row.deadline, ttl_ms: Math.max(0, row.deadline - Date.now()) } : {}),
  ...(row.queued ? { ordered: true } : {}),
});

/** Moves a display configuration an older room kept in kv into the queue (through `queue`). */
export function takePendingDisplayConfig(sql: SqlStorage, queue: (pending: PendingDisplayConfig) => void) {
  const pending = kvGet<PendingDisplayConfig>(sql, PENDING_DISPLAY_CONFIG);
  if (!pending) return;
  queue(pending);
  kvDelete(sql, PENDING_DISPLAY_CONFIG);
}
