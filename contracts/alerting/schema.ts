import { z } from "zod";
import { DEVICE_HEADINGS } from "../devices/health.ts";
import { PageInfo, PageQuery } from "../http/paging.ts";
import { safeName } from "../http/text.ts";

/*
 * Alerting: rules, incidents, channels, maintenance windows and each user's notification
 * preferences. Shared by the Worker (routes, rooms, the Queue consumer) and the web.
 */

const uuid = z.string().min(1).max(64);
const iso = z.string().meta({ description: "ISO 8601 date-time (UTC)" });
const note = z.string().trim().max(1000, "Ensure this field has no more than 1000 characters.");

// ─── Rules ──────────────────────────────────────────────────────────────────────────────

/** How long a condition must hold (and recovery must hold) by default: 5 min. */
export const DEFAULT_DURATION_S = 300;
export const MAX_DURATION_S = 24 * 3600;

export const ALERT_CONDITIONS = [
  "device_offline",
  "health",
  "application_crashed",
  "location_offline",
  "command_failures",
] as const;
export type AlertConditionKind = (typeof ALERT_CONDITIONS)[number];

/** A device heading (cpu, thermal …) or a monitored peripheral type (printer …); [] = any. */
export const HealthHeadings = z.array(z.string().min(1).max(64)).max(32).default([]);
export const DEVICE_HEADING_KEYS = DEVICE_HEADINGS.map((h) => h.key);

export const AlertCondition = z.discriminatedUnion("kind", [
  /** A device is offline while its location is open; `outside_working_hours` also alerts when closed. */
  z.object({ kind: z.literal("device_offline"), outside_working_hours: z.boolean().default(false) }),
  /** A monitored heading (or peripheral type) at `level` or worse. */
  z.object({
    kind: z.literal("health"),
    level: z.enum(["warning", "critical"]).default("critical"),
    headings: HealthHeadings,
  }),
  /** A display's application crashed (or is in a crash loop). */
  z.object({ kind: z.literal("application_crashed"), crash_loop_only: z.boolean().default(false) }),
  /** The location is partially (some devices) or fully (every installed device) offline while open. */
  z.object({
    kind: z.literal("location_offline"),
    level: z.enum(["partial", "full"]).default("full"),
    outside_working_hours: z.boolean().default(false),
  }),
  /** At least `min_failures` commands on one device failed or timed out within the rule's duration. */
  z.object({ kind: z.literal("command_failures"), min_failures: z.number().int().min(1).max(100).default(3) }),
]);
export type AlertCondition = z.infer<typeof AlertCondition>;

export const SCOPE_KINDS = ["all", "groups", "locations", "tags", "device_types"] as const;
/** Which devices a rule watches: everything, or the devices of some groups/locations/tags/types. */
export const AlertScope = z
  .object({ kind: z.enum(SCOPE_KINDS).default("all"), uuids: z.array(uuid).max(500).default([]) })
  .refine((s) => s.kind === "all" || s.uuids.length > 0, {
    message: "Choose at least one item for this scope.",
    path: ["uuids"],
  });
export type AlertScope = z.infer<typeof AlertScope>;

export const AlertRule = z.object({
  uuid: z.string(),
  name: z.string(),
  condition: AlertCondition,
  scope: AlertScope,
  duration_s: z.number().int(),
  /** Channel uuids notified when an incident of this rule opens (or, once per window, in a digest). */
  channels: z.array(z.string()),
  enabled: z.boolean(),
  open_incidents: z.number().int(),
  created_at: iso,
  updated_at: iso,
});
export type AlertRule = z.infer<typeof AlertRule>;

const ruleName = safeName(z.string().trim().min(1, "This field may not be blank.").max(120));
export const AlertRuleInput = z.object({
  name: ruleName,
  condition: AlertCondition,
  scope: AlertScope.default({ kind: "all", uuids: [] }),
  duration_s: z.number().int().min(0).max(MAX_DURATION_S).default(DEFAULT_DURATION_S),
  channels: z.array(uuid).max(20).default([]),
  enabled: z.boolean().default(true),
});
export type AlertRuleInput = z.input<typeof AlertRuleInput>;
export const AlertRulePatch = z.object({
  name: ruleName.optional(),
  condition: AlertCondition.optional(),
  scope: AlertScope.optional(),
  duration_s: z.number().int().min(0).max(MAX_DURATION_S).optional(),
  channels: z.array(uuid).max(20).optional(),
  enabled: z.boolean().optional(),
});
export type AlertRulePatch = z.input<typeof AlertRulePatch>;
export const AlertRuleList = z.object({ rules: z.array(AlertRule) });
export type AlertRuleList = z.infer<typeof AlertRuleList>;

// ─── Incidents ─────────────────────────────────────────────────────────────────────────

export const INCIDENT_STATES = ["open", "acknowledged", "resolved", "suppressed"] as const;
export const IncidentState = z.enum(INCIDENT_STATES);
export type IncidentState = z.infer<typeof IncidentState>;
export const SuppressedReason = z.enum(["maintenance", "outside_working_hours"]);
export type SuppressedReason = z.infer<typeof SuppressedReason>;

const Who = z.object({ uuid: z.string(), name: z.string() });

export const IncidentDevice = z.object({
  uuid: z.string(),
  name: z.string(),
  /** When the device joined the incident (its condition began). */
  since: iso,
});
export type IncidentDevice = z.infer<typeof IncidentDevice>;

export const Incident = z.object({
  uuid: z.string(),
  rule: z.object({ uuid: z.string(), name: z.string(), condition: z.enum(ALERT_CONDITIONS) }),
  location: z.object({ uuid: z.string(), name: z.string() }),
  state: IncidentState,
  suppressed_reason: SuppressedReason.nullable(),
  /** The devices currently in the condition (empty once resolved; the timeline keeps who was in). */
  devices: z.array(IncidentDevice),
  devices_count: z.number().int(),
  /** Most devices the incident has listed at once. */
  peak_devices: z.number().int(),
  opened_at: iso,
  acknowledged_by: Who.nullable(),
  acknowledged_at: iso.nullable(),
  resolved_by: Who.nullable(),
  resolved_at: iso.nullable(),
  /** The last acknowledgement or resolution note. */
  note: z.string().nullable(),
  updated_at: iso,
});
export type Incident = z.infer<typeof Incident>;

export const TIMELINE_KINDS = [
  "opened",
  "device_joined",
  "device_left",
  "notified",
  "notification_failed",
  "acknowledged",
  "recovering",
  "resolved",
  "suppressed",
  "unsuppressed",
] as const;
export const TimelineEntry = z.object({
  at: iso,
  kind: z.enum(TIMELINE_KINDS),
  device: z.object({ uuid: z.string(), name: z.string() }).nullable(),
  account: Who.nullable(),
  channel: z.object({ uuid: z.string(), name: z.string(), kind: z.enum(["email", "webhook"]) }).nullable(),
  note: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof TimelineEntry>;

export const IncidentDetail = Incident.extend({ timeline: z.array(TimelineEntry) });
export type IncidentDetail = z.infer<typeof IncidentDetail>;

const csvOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .optional()
    .transform((s) => (s ? s.split(",").filter(Boolean) : []))
    .pipe(z.array(z.enum(values)));

/** Query of the Incidents page: open (and acknowledged) first, then newest. */
export const IncidentQuery = PageQuery.extend({
  /** Comma-separated states; none = all. */
  state: csvOf(INCIDENT_STATES),
  location: uuid.optional(),
  rule: uuid.optional(),
  /** Opened at or after / before (ISO). */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type IncidentQuery = z.input<typeof IncidentQuery>;
export const IncidentList = z.object({
  incidents: z.array(Incident),
  ...PageInfo.shape,
  /** Open + acknowledged incidents in the space (the bell's and the nav's count). */
  active_count: z.number().int(),
});
export type IncidentList = z.infer<typeof IncidentList>;

export const IncidentAction = z.object({ note: note.optional() });
export type IncidentAction = z.input<typeof IncidentAction>;

/** The bell: the latest incident events of the space, read from the server (survives a reload). */
export const BellItem = z.object({
  incident_uuid: z.string(),
  kind: z.enum(["opened", "acknowledged", "resolved", "suppressed"]),
  at: iso,
  opened_at: iso,
  state: IncidentState,
  rule_name: z.string(),
  location: z.object({ uuid: z.string(), name: z.string() }),
  devices_count: z.number().int(),
});
export type BellItem = z.infer<typeof BellItem>;
export const BellFeed = z.object({
  items: z.array(BellItem),
  /** Items newer than this user's `bell_seen_at`. */
  unread: z.number().int(),
  seen_at: iso.nullable(),
});
export type BellFeed = z.infer<typeof BellFeed>;

// ─── Channels ──────────────────────────────────────────────────────────────────────────

export const CHANNEL_KINDS = ["email", "webhook"] as const;
export const ChannelKind = z.enum(CHANNEL_KINDS);
export type ChannelKind = z.infer<typeof ChannelKind>;

/**
 * `target`: for e-mail, comma-separated addresses, or `members` (the space's members whose
 * notification preferences take e-mail for this space, outside their quiet hours); for a
 * webhook, an http(s) URL. The webhook `secret` is write-only: replies say only `has_secret`.
 */
export const Channel = z.object({
  uuid: z.string(),
  name: z.string(),
  kind: ChannelKind,
  target: z.string(),
  has_secret: z.boolean(),
  enabled: z.boolean(),
  delivered_count: z.number().int(),
  pending_count: z.number().int(),
  dead_lettered_count: z.number().int(),
  last_error: z.string().nullable(),
  last_error_at: iso.nullable(),
  last_delivered_at: iso.nullable(),
  created_at: iso,
  updated_at: iso,
});
export type Channel = z.infer<typeof Channel>;

/** Reply of a channel's creation: a webhook added without a secret gets one generated, shown once here. */
export const ChannelCreated = Channel.extend({ secret: z.string().nullable() });
export type ChannelCreated = z.infer<typeof ChannelCreated>;

const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;
const targetOk = (kind: ChannelKind, target: string) => {
  if (kind === "webhook") return /^https?:\/\/[^\s]+$/i.test(target);
  if (target === "members") return true;
  const parts = target.split(",").map((s) => s.trim());
  return parts.length > 0 && parts.length <= 20 && parts.every((p) => EMAIL.test(p));
};
const TARGET_MESSAGE = "Enter a valid URL (webhook) or e-mail addresses separated by commas (e-mail).";
export const ChannelInput = z
  .object({
    name: ruleName,
    kind: ChannelKind,
    target: z.string().trim().min(1, "This field may not be blank.").max(2000),
    /** Webhook signing secret (16–256 characters); omitted: one is generated. */
    secret: z.string().min(16, "Ensure this field has at least 16 characters.").max(256).optional(),
    enabled: z.boolean().default(true),
  })
  .refine((c) => targetOk(c.kind, c.target), { message: TARGET_MESSAGE, path: ["target"] });
export type ChannelInput = z.input<typeof ChannelInput>;
/** A channel's change (its kind stays); `secret` replaces the webhook's secret. */
export const ChannelPatch = z.object({
  name: ruleName.optional(),
  target: z.string().trim().min(1, "This field may not be blank.").max(2000).optional(),
  secret: z.string().min(16, "Ensure this field has at least 16 characters.").max(256).optional(),
  enabled: z.boolean().optional(),
});
export type ChannelPatch = z.input<typeof ChannelPatch>;
export const ChannelList = z.object({ channels: z.array(Channel) });
export type ChannelList = z.infer<typeof ChannelList>;
export const channelTargetValid = targetOk;

/** One notification (a message on the Queue) and what became of it. */
export const NOTIFICATION_STATES = ["pending", "delivered", "dead"] as const;
export const Notification = z.object({
  uuid: z.string(),
  /** Sent as the `Idempotency-Key` header (webhook) / `X-Outpost-Idempotency-Key` (e-mail). */
  idempotency_key: z.string(),
  kind: z.enum(["incident", "digest", "test"]),
  incident_uuid: z.string().nullable(),
  subject: z.string(),
  state: z.enum(NOTIFICATION_STATES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: iso,
  delivered_at: iso.nullable(),
});
export type Notification = z.infer<typeof Notification>;
export const NotificationQuery = PageQuery.extend({ state: z.enum(NOTIFICATION_STATES).optional() });
export const NotificationList = z.object({ notifications: z.array(Notification), ...PageInfo.shape });
export type NotificationList = z.infer<typeof NotificationList>;

/** Reply of "Send test notification": what the receiver answered (sent directly, not queued). */
export const ChannelTestResult = z.object({
  ok: z.boolean(),
  /** The receiver's HTTP status (webhook); null for e-mail or when no answer came. */
  status: z.number().int().nullable(),
  /** The receiver's answer body (first 2000 characters), or the outbox message for e-mail. */
  body: z.string(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
});
export type ChannelTestResult = z.infer<typeof ChannelTestResult>;

/** Webhook headers (see docs/alerting.md): signature = hex HMAC-SHA256(secret, `${timestamp}.${body}`). */
export const WEBHOOK_HEADERS = {
  timestamp: "X-Outpost-Timestamp",
  signature: "X-Outpost-Signature",
  idempotency: "Idempotency-Key",
  event: "X-Outpost-Event",
} as const;
/** A receiver refuses a timestamp further than this from its clock (replay window). */
export const WEBHOOK_TOLERANCE_S = 300;

/** The webhook body: `text` makes it a valid Slack / Teams incoming-webhook message as is. */
export const WebhookBody = z.object({
  text: z.string(),
  event: z.enum(["incident.opened", "incident.digest", "incident.test"]),
  idempotency_key: z.string(),
  space: z.object({ uuid: z.string(), name: z.string() }),
  incidents: z.array(
    z.object({
      uuid: z.string(),
      url: z.string(),
      rule: z.string(),
      state: IncidentState,
      location: z.object({ uuid: z.string(), name: z.string() }),
      devices: z.array(z.object({ uuid: z.string(), name: z.string() })),
      opened_at: iso,
    }),
  ),
  sent_at: iso,
});
export type WebhookBody = z.infer<typeof WebhookBody>;

// ─── Maintenance windows ───────────────────────────────────────────────────────────────

export const MAINTENANCE_SCOPES = ["location", "group", "tag"] as const;
export const MaintenanceWindow = z.object({
  uuid: z.string(),
  scope: z.object({ kind: z.enum(MAINTENANCE_SCOPES), uuid: z.string(), name: z.string() }),
  start: iso,
  end: iso,
  reason: z.string(),
  created_by: Who.nullable(),
  created_at: iso,
  /** start ≤ now < end. */
  active: z.boolean(),
});
export type MaintenanceWindow = z.infer<typeof MaintenanceWindow>;
export const MaintenanceInput = z
  .object({
    scope_kind: z.enum(MAINTENANCE_SCOPES),
    scope_uuid: uuid,
    start: z.iso.datetime({ offset: true }),
    end: z.iso.datetime({ offset: true }),
    reason: z.string().trim().min(1, "This field may not be blank.").max(500),
  })
  .refine((m) => Date.parse(m.end) > Date.parse(m.start), {
    message: "The end must be after the start.",
    path: ["end"],
  });
export type MaintenanceInput = z.input<typeof MaintenanceInput>;
/** `active`: only windows covering now; `location`/`device`: windows covering it (its location, groups, tags). */
export const MaintenanceQuery = z.object({
  active: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true"),
  location: uuid.optional(),
  device: uuid.optional(),
});
export type MaintenanceQuery = z.input<typeof MaintenanceQuery>;
export const MaintenanceList = z.object({ windows: z.array(MaintenanceWindow) });
export type MaintenanceList = z.infer<typeof MaintenanceList>;

// ─── Notification preferences (per user) ───────────────────────────────────────────────

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time as HH:MM.");
export const QuietHours = z.object({ start: hhmm, end: hhmm, time_zone: z.string().min(1).max(64) });
export type QuietHours = z.infer<typeof QuietHours>;
export const NotificationPreferences = z.object({
  /** Where this user wants incidents: e-mail (to their own address, through `members` channels) and the bell. */
  channels: z.array(z.enum(["email", "bell"])).default(["email", "bell"]),
  /** No e-mail inside these hours on this clock (the bell still fills). */
  quiet_hours: QuietHours.nullable().default(null),
  /** Spaces the user wants notifications from; [] = every space they belong to. */
  spaces: z.array(uuid).max(200).default([]),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;
export type NotificationPreferencesInput = z.input<typeof NotificationPreferences>;
