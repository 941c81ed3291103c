import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { isVisionBusy, nextVision } from "../../../contracts/cameras/vision.ts";
import type { CommandAction } from "../../../contracts/realtime/events.ts";
import { deviceTable as d, peripheralTable as p } from "../../../drizzle/schema/index.ts";
import type { Env } from "../../env.ts";
import { batchAll, createDb } from "../../lib/db.ts";
import { auditInsert } from "../kernel/audit.ts";
import { announceFromRoom, settingsOf } from "./records.ts";

/*
 * The DeviceRoom's writes for its commands: their steps in the audit trail, the settings their
 * answers applied, and vision's "message received" (the room's other writes are in records.ts).
 */

type CommandEntry = {
  space_uuid: string;
  device_uuid: string;
  user_uuid: string | null;
  id: string;
  action: CommandAction;
};

/**
 * A command's step in the audit trail: a direct command's answer (succeeded, failed,
 * timed_out, unavailable, in_doubt when the API answered outcome_unknown) and then, when a late
 * answer arrives, "succeeded late" / "failed late"; a queued command when it is queued and when
 * it ends (succeeded, failed, expired, cancelled, superseded). A DeviceRoom's steps come in
 * batches, in order, and go to D1 in one batch.
 */
export async function auditCommandStatuses(
  env: Env,
  entries: readonly { entry: CommandEntry; status: string; error?: string }[],
) {
  const db = createDb(env);
  const inserts = entries.map(({ entry, status, error }) =>
    auditInsert(db, {
      spaceUuid: entry.space_uuid,
      actorUserUuid: entry.user_uuid,
      action: `device.command.${entry.action}`,
      entityType: "device",
      entityUuid: entry.device_uuid,
      after: { id: entry.id, status, ...(error !== undefined ? { error } : {}) },
    }),
  );
  await batchAll(db, inserts);
}

/** A setting command's answer, as recordSettingAnswers reads it. */
export type SettingAnswer = {
  action: CommandAction;
  params: Record<string, unknown>;
  state: string;
  user_uuid: string | null;
};

/**
 * Settings answered with no API call waiting to record them (late answers after
 * outcome_unknown, or queued commands), in the order the agent answered: the catalogue records
 * what the agent did, as the API would have. A success of set-enabled / set-debug /
 * set-peripheral-enabled is written (and audited like the PATCH); an answer of set-vision ends
 * the vision state a toggle left pending (or, queued, sets it). One read and one D1 batch for
 * them all, so answers of one device never race each other (a queued on, off, on ends on).
 */
export async function recordSettingAnswers(env: Env, device_uuid: string, answers: readonly SettingAnswer[]) {
  const db = createDb(env);
  const row = await settingsOf(db, device_uuid);
  if (!row) return;
  const now = new Date().toISOString();
  const writes: BatchItem<"sqlite">[] = [];
  const state = { enabled: row.enabled, debug_mode: row.debug_mode, vision: row.vision };
  for (const command of answers) {
    const ok = command.state === "succeeded";
    const audit = (action: string, before: unknown, after: unknown) =>
      auditInsert(db, {
        spaceUuid: row.space,
        actorUserUuid: command.user_uuid,
        action,
        entityType: "device",
        entityUuid: device_uuid,
        before,
        after,
      });
    const value = (key: string) => (typeof command.params[key] === "boolean" ? (command.params[key] as boolean) : null);
    if (command.action === "set-enabled" || command.action === "set-debug") {
      const column = command.action === "set-enabled" ? "enabled" : "debug_mode";
      const wanted = value(column === "enabled" ? "enabled" : "debug_mode");
      if (!ok || wanted === null || state[column] === wanted) continue;
      writes.push(
        db
          .update(d)
          .set({ [column]: wanted, updated_at: now })
          .where(eq(d.uuid, device_uuid)),
        audit(`device.${column}`, { [column]: state[column] }, { [column]: wanted }),
      );
      state[column] = wanted;
    } else if (command.action === "set-peripheral-enabled") {
      const wanted = value("enabled");
      const peripheral = command.params.peripheral_uuid;
      if (!ok || wanted === null || typeof peripheral !== "string") continue;
      writes.push(
        db
          .update(p)
          .set({ enabled: wanted, updated_at: now })
          .where(and(eq(p.uuid, peripheral), eq(p.device_uuid, device_uuid))),
        audit(
          "device.peripheral_enabled",
          { peripheral_uuid: peripheral },
          { peripheral_uuid: peripheral, enabled: wanted },
        ),
      );
    } else if (command.action === "set-vision") {
      const wanted = value("enabled");
      const received = nextVision(state.vision, { type: "received" }) ?? state.vision;
      const target = wanted === null ? null : wanted ? "enabled" : "disabled";
      const final = !isVisionBusy(state.vision)
        ? ok
          ? target
          : null
        : ok
          ? nextVision(received, { type: "success" })
          : nextVision(received, { type: "error", previous: target === "enabled" ? "disabled" : "enabled" });
      if (!final || final === state.vision) continue;
      writes.push(
        db.update(d).set({ vision_enabled: final }).where(eq(d.uuid, device_uuid)),
        audit("device.vision_enabled", { vision_enabled: state.vision }, { vision_enabled: final }),
      );
      state.vision = final;
    }
  }
  if (!(await batchAll(db, writes))) return;
  await announceFromRoom(env, row.space, device_uuid, row.name, { event: "deviceUpdated" });
}

/** The agent's "message received" of a vision toggle: *_requested → *_pending (devices.md §4). */
export async function recordVisionReceived(env: Env, device_uuid: string) {
  const db = createDb(env);
  const row = await db
    .select({ vision: d.vision_enabled, space: d.space_uuid, name: d.name })
    .from(d)
    .where(eq(d.uuid, device_uuid))
    .get();
  if (!row) return;
  const next = nextVision(row.vision, { type: "received" });
  if (!next || next === row.vision) return;
  await db.update(d).set({ vision_enabled: next }).where(eq(d.uuid, device_uuid));
  await announceFromRoom(env, row.space, device_uuid, row.name, { event: "deviceUpdated" });
}
