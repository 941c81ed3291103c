import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { DEVICE_DISABLED_MESSAGE } from "../../../contracts/commands/schema.ts";
import { TUNNEL_TEXT, type TunnelKind } from "../../../contracts/remote-actions/tunnel.ts";
import {
  CONSENT_TIMEOUT_DEFAULT_S,
  type ConsentRequest,
  DEFAULT_SESSION_POLICY,
  rightOf,
  SESSION_TEXT,
  type SessionPolicy,
} from "../../../contracts/sessions/schema.ts";
import {
  deviceTable as d,
  locationConsentTable,
  roleTable,
  sessionPolicyTable,
  spaceAccountTable,
  userTable,
} from "../../../drizzle/schema/index.ts";
import type { Env, RoleCode } from "../../env.ts";
import { batchAll, createDb } from "../../lib/db.ts";
import { roleAtLeast } from "../../middleware/space.ts";
import { auditInsert } from "../kernel/audit.ts";
import { consentFor, roleMay } from "../sessions/policy.ts";
import { recordingEnd, recordingInsert, recordingPath } from "../sessions/recordings.ts";

/*
 * Remote sessions: who may open one (the role's rights in the space's session policy), what the
 * device must ask first (its location's consent), whether it is recorded, and the space audit
 * log of each (who opened a terminal or remote desktop on which device, when, for how long, the
 * bytes both ways and the recording). The DeviceRoom relays the bytes (worker/rooms/device-tunnels.ts).
 */

/** Roles that may open remote sessions at all (the policy then narrows what each may open). */
export const mayOpenRemoteSessions = (role: RoleCode) => roleAtLeast(role, "content_manager");

/** What a session that may open must do: ask consent, show a banner, record. */
export type RemoteSessionPlan = {
  consent: ConsentRequest | null;
  banner: boolean;
  recording: SessionPolicy["recording"];
  /** The operator as the device's prompt names them. */
  operator: string;
  device_name: string;
  /** Whether the operator may type and point in a remote desktop. */
  control: boolean;
};

/**
 * Why a user may not open a `kind` session on a device ({ refusal }), or what the session must do
 * ({ plan }): an active member whose role has the kind's right in the space's policy, on a device
 * that is enabled (a disabled device takes no remote action). The membership is read even when
 * the caller's room socket knows its role: an opening is rare, and a demotion whose socket close
 * failed is still refused here. `now` decides "prompt only during working hours".
 */
export async function remoteSessionPlan(
  env: Env,
  input: { space_uuid: string; user_uuid: string; device_uuid: string; kind: TunnelKind; now: Date },
): Promise<{ refusal: string } | { plan: RemoteSessionPlan }> {
  const db = createDb(env);
  // One D1 trip for what every opening needs (the room pays it per session it may take).
  const [memberships, devices, policies, users] = await db.batch([
    db
      .select({ status: spaceAccountTable.status, role: roleTable.code })
      .from(spaceAccountTable)
      .innerJoin(roleTable, eq(roleTable.uuid, spaceAccountTable.role_uuid))
      .where(and(eq(spaceAccountTable.space_uuid, input.space_uuid), eq(spaceAccountTable.user_uuid, input.user_uuid))),
    db
      // Named apart: a batch's rows come back keyed by column name, so no two may share one.
      .select({
        enabled: d.enabled,
        name: d.name,
        location_uuid: d.location_uuid,
        consent_mode: locationConsentTable.mode,
        consent_timeout_s: locationConsentTable.timeout_s,
        consent_default: locationConsentTable.default_action,
        consent_banner: locationConsentTable.banner,
      })
      .from(d)
      .leftJoin(locationConsentTable, eq(locationConsentTable.location_uuid, d.location_uuid))
      .where(and(eq(d.uuid, input.device_uuid), eq(d.space_uuid, input.space_uuid))),
    db
      .select({ policy: sessionPolicyTable.policy })
      .from(sessionPolicyTable)
      .where(eq(sessionPolicyTable.space_uuid, input.space_uuid)),
    db
      .select({ full_name: userTable.full_name, display_name: userTable.display_name, username: userTable.username })
      .from(userTable)
      .where(eq(userTable.uuid, input.user_uuid)),
  ]);
  const membership = memberships[0]?.status === "active" ? memberships[0] : null;
  const device = devices[0];
  const policy = policies[0]?.policy ?? DEFAULT_SESSION_POLICY;
  const user = users[0];
  if (!membership || !mayOpenRemoteSessions(membership.role) || !device) return { refusal: TUNNEL_TEXT.forbidden };
  const right = rightOf(input.kind);
  if (!roleMay(policy, membership.role, right)) return { refusal: SESSION_TEXT.forbidden(right) };
  if (!device.enabled) return { refusal: DEVICE_DISABLED_MESSAGE };
  const operator = user?.full_name || user?.display_name || user?.username || "An operator";
  const { consent, banner } = await consentFor(db, {
    space_uuid: input.space_uuid,
    location_uuid: device.location_uuid,
    consent: device.consent_mode
      ? {
          mode: device.consent_mode,
          timeout_s: device.consent_timeout_s ?? CONSENT_TIMEOUT_DEFAULT_S,
          default_action: device.consent_default ?? "allow",
          banner: Boolean(device.consent_banner),
        }
      : null,
    operator,
    now: input.now,
  });
  return {
    plan: {
      consent,
      banner,
      recording: policy.recording,
      operator,
      device_name: device.name,
      control: roleMay(policy, membership.role, "control"),
    },
  };
}

export type RemoteSessionStep = {
  space_uuid: string;
  device_uuid: string;
  device_name?: string;
  user_uuid: string;
  session: string;
  kind: TunnelKind;
  /** Set when the session is recorded. */
  recorded?: boolean;
} & (
  | { status: "opened"; consent?: string }
  | {
      status: "closed";
      duration_s: number;
      reason: string;
      bytes_in?: number;
      bytes_out?: number;
      recording?: { bytes: number; chunks: number };
    }
  | { status: "refused"; reason: string }
);

/**
 * `device.remote_session.terminal` / `device.remote_session.vnc` entries, in one D1 batch, with
 * the recording's row written in the same batch (started with the "opened" entry, ended with the
 * "closed" one) so the recordings list and the audit log agree.
 */
export async function auditRemoteSessions(env: Env, steps: readonly RemoteSessionStep[]) {
  const db = createDb(env);
  const writes = steps.flatMap((step): BatchItem<"sqlite">[] => {
    const { space_uuid, device_uuid, device_name, user_uuid, kind, recorded, ...rest } = step;
    const path = recorded ? recordingPath(space_uuid, device_uuid, step.session) : null;
    const after =
      rest.status === "closed"
        ? { status: rest.status, session: rest.session, duration_s: rest.duration_s, reason: rest.reason }
        : rest.status === "opened"
          ? { ...rest, recorded: Boolean(recorded) }
          : rest;
    const entry = auditInsert(db, {
      spaceUuid: space_uuid,
      actorUserUuid: user_uuid,
      actorKind: "account",
      action: `device.remote_session.${kind}`,
      entityType: "device",
      entityUuid: device_uuid,
      entityName: device_name ?? null,
      after,
      bytesIn: rest.status === "closed" ? (rest.bytes_in ?? null) : null,
      bytesOut: rest.status === "closed" ? (rest.bytes_out ?? null) : null,
      recordingPath: path,
      requestId: null,
      clientAddress: null,
      userAgent: null,
    });
    if (!recorded) return [entry];
    if (rest.status === "opened") {
      return [recordingInsert(db, { session: step.session, space_uuid, device_uuid, user_uuid, kind }), entry];
    }
    if (rest.status === "closed" && rest.recording) {
      return [recordingEnd(db, { session: step.session, ...rest.recording }), entry];
    }
    return [entry];
  });
  await batchAll(db, writes);
}
