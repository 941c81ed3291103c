import { and, eq } from "drizzle-orm";
import { DEVICE_DISABLED_MESSAGE } from "../../../contracts/commands.ts";
import { TUNNEL_TEXT, type TunnelKind } from "../../../contracts/tunnel.ts";
import { deviceTable as d } from "../../../drizzle/schema/index.ts";
import type { Env, RoleCode } from "../../env.ts";
import { batchAll, createDb } from "../../lib/db.ts";
import { findMembership, roleAtLeast } from "../../middleware/space.ts";
import { auditInsert } from "../kernel/audit.ts";

/*
 * Remote sessions: who may open one, and the space audit log of each (who opened a
 * terminal or remote desktop on which device, when, and for how long). The DeviceRoom relays the
 * bytes (party/device-tunnels.ts); nothing of them is stored.
 */

/** Roles that may open remote sessions. */
export const mayOpenRemoteSessions = (role: RoleCode) => roleAtLeast(role, "content_manager");

/**
 * Why a user may not open a remote session on a device, or null when they may: an active Content
 * Manager or Admin of the device's space, on a device that is enabled (a disabled device takes
 * no remote action). The membership is read even when the caller's room socket knows
 * its role: an opening is rare, and a demotion whose socket close failed is still refused here.
 */
export async function remoteSessionRefusal(
  env: Env,
  input: { space_uuid: string; user_uuid: string; device_uuid: string },
): Promise<string | null> {
  const db = createDb(env);
  const [membership, device] = await Promise.all([
    findMembership(db, input.space_uuid, input.user_uuid),
    db
      .select({ enabled: d.enabled })
      .from(d)
      .where(and(eq(d.uuid, input.device_uuid), eq(d.space_uuid, input.space_uuid)))
      .get(),
  ]);
  if (!membership || !mayOpenRemoteSessions(membership.role.code) || !device) return TUNNEL_TEXT.forbidden;
  if (!device.enabled) return DEVICE_DISABLED_MESSAGE;
  return null;
}

export type RemoteSessionStep = {
  space_uuid: string;
  device_uuid: string;
  user_uuid: string;
  session: string;
  kind: TunnelKind;
} & ({ status: "opened" } | { status: "closed"; duration_s: number; reason: string });

/** `device.remote_session.terminal` / `device.remote_session.vnc` entries, in one D1 batch. */
export async function auditRemoteSessions(env: Env, steps: readonly RemoteSessionStep[]) {
  const db = createDb(env);
  const inserts = steps.map(({ space_uuid, device_uuid, user_uuid, kind, ...after }) =>
    auditInsert(db, {
      spaceUuid: space_uuid,
      actorUserUuid: user_uuid,
      action: `device.remote_session.${kind}`,
      entityType: "device",
      entityUuid: device_uuid,
      after,
    }),
  );
  await batchAll(db, inserts);
}
