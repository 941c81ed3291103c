import type { TunnelKind } from "../../../contracts/tunnel.ts";
import type { Env } from "../../env.ts";
import { createDb } from "../../lib/db.ts";
import { findMembership, roleAtLeast } from "../../middleware/space.ts";
import { auditInsert } from "../kernel/audit.ts";

/*
 * Remote sessions (issue 17): who may open one, and the space audit log of each (who opened a
 * terminal or remote desktop on which device, when, and for how long). The DeviceRoom relays the
 * bytes (party/device-tunnels.ts); nothing of them is stored.
 */

/** Whether a user may open remote sessions on the space's devices: an active Content Manager or Admin. */
export async function mayOpenRemoteSession(env: Env, space_uuid: string, user_uuid: string): Promise<boolean> {
  const membership = await findMembership(createDb(env), space_uuid, user_uuid);
  return membership !== null && roleAtLeast(membership.role.code, "content_manager");
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
  const [first, ...rest] = inserts;
  if (first) await db.batch([first, ...rest]);
}
