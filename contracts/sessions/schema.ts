import { z } from "zod";
import { SESSION_RIGHTS } from "./values.ts";

// The texts and names without zod live in values/sessions.ts (the console's first chunks load no zod).
export { type ConsentActionName, rightOf, SESSION_RIGHTS, SESSION_TEXT } from "./values.ts";

/*
 * Remote sessions under policy and on record.
 *
 * Rights per role (per space, set by Admins): which remote sessions an Admin or a Content Manager
 * may open. Viewers stay read-only whatever the policy says (console.md: a Viewer changes
 * nothing), so only the two roles that may act have rights to set. The defaults keep what both
 * could do before rights existed: everything. File transfer is not built, so it has no right.
 *
 *   view      open a remote desktop and watch the screen
 *   control   type and point in that remote desktop (without it the viewer is view-only)
 *   terminal  open a terminal
 *
 * Consent (per location): off, a prompt at the device, or a prompt only inside the location's
 * working hours. The agent shows the prompt (the simulator answers it), waits `timeout_s`, then
 * applies `default_action`. The room relays each step to the operator as tunnelConsent.
 *
 * Recording (per space): terminal sessions as asciicast v2 and desktop sessions as their RFB
 * stream, written to R2 in chunks while the session runs. `required`: a session whose recorder
 * cannot write is refused. `input`: a terminal's keystrokes are recorded too ("i" events).
 */

export const SessionRight = z.enum(SESSION_RIGHTS);
export type SessionRight = z.infer<typeof SessionRight>;

export const RoleRights = z.object({ view: z.boolean(), control: z.boolean(), terminal: z.boolean() });
export type RoleRights = z.infer<typeof RoleRights>;

/** The roles whose rights an Admin sets. */
export const POLICY_ROLES = ["admin", "content_manager"] as const;
export type PolicyRole = (typeof POLICY_ROLES)[number];

export const RECORDING_RETENTION_DEFAULT_DAYS = 90;

export const SessionPolicy = z.object({
  rights: z.object({ admin: RoleRights, content_manager: RoleRights }),
  recording: z.object({
    /** Every session is recorded; one whose recorder cannot write is refused. */
    required: z.boolean(),
    /** A terminal's input is recorded with its output. */
    input: z.boolean(),
    /** Recordings older than this many days are deleted (the deletion is audited). */
    retention_days: z.number().int().min(1).max(3650),
  }),
});
export type SessionPolicy = z.infer<typeof SessionPolicy>;
export const SessionPolicyInput = SessionPolicy;

const ALL: RoleRights = { view: true, control: true, terminal: true };
export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  rights: { admin: ALL, content_manager: ALL },
  recording: { required: false, input: false, retention_days: RECORDING_RETENTION_DEFAULT_DAYS },
};

export const ConsentMode = z.enum(["off", "prompt", "working_hours"]);
export type ConsentMode = z.infer<typeof ConsentMode>;
export const ConsentAction = z.enum(["allow", "deny"]);
export type ConsentAction = z.infer<typeof ConsentAction>;

export const CONSENT_TIMEOUT_DEFAULT_S = 30;

export const LocationConsent = z.object({
  mode: ConsentMode,
  timeout_s: z.number().int().min(5).max(300),
  default_action: ConsentAction,
  /** A banner on the device's screen while a session runs, where the agent can show one. */
  banner: z.boolean(),
});
export type LocationConsent = z.infer<typeof LocationConsent>;
export const DEFAULT_LOCATION_CONSENT: LocationConsent = {
  mode: "off",
  timeout_s: CONSENT_TIMEOUT_DEFAULT_S,
  default_action: "allow",
  banner: true,
};

/** What the room asks the agent to do before a session starts (part of tunnelOpen). */
export const ConsentRequest = z.object({
  timeout_ms: z.number().int().min(1000).max(300_000),
  default_action: ConsentAction,
  /** Who asks, as the prompt names them. */
  operator: z.string().max(200),
});
export type ConsentRequest = z.infer<typeof ConsentRequest>;

/**
 * A consent step, agent → room → browser. `waiting` while the prompt is shown; then `accepted`,
 * `refused`, `timeout` (nobody answered: `action` is the default that applied) or `unavailable`
 * (the device cannot show a prompt: `action` is the default that applied).
 */
export const ConsentState = z.enum(["waiting", "accepted", "refused", "timeout", "unavailable"]);
export type ConsentState = z.infer<typeof ConsentState>;

export const TunnelConsent = z.object({
  type: z.literal("tunnelConsent"),
  session: z.uuid(),
  state: ConsentState,
  action: ConsentAction.optional(),
  /** With `waiting`: how long the device waits before the default applies. */
  timeout_ms: z.number().int().min(0).max(300_000).optional(),
});
export type TunnelConsent = z.infer<typeof TunnelConsent>;

/** room → browser: the session is recorded (sent before tunnelOpened; the agent shows it too). */
export const TunnelRecorded = z.object({
  type: z.literal("tunnelRecorded"),
  session: z.uuid(),
  recording: z.string().max(200),
});

/** A recording's listing entry. */
export const RecordingItem = z.object({
  session: z.string(),
  kind: z.enum(["terminal", "vnc"]),
  device_uuid: z.string(),
  user_uuid: z.string(),
  created_at: z.string(),
  bytes: z.number().int(),
  chunks: z.number().int(),
});
export type RecordingItem = z.infer<typeof RecordingItem>;
export const RecordingList = z.object({ items: z.array(RecordingItem) });

/** Where a recording's chunks live in R2: recordings/{space}/{session}/{seq, 6 digits}. */
export const recordingPrefix = (space: string, session: string) => `recordings/${space}/${session}/`;
export const recordingChunkKey = (space: string, session: string, seq: number) =>
  `${recordingPrefix(space, session)}${String(seq).padStart(6, "0")}`;
