import { z } from "zod";
import { ApiErrorBody } from "../http/errors.ts";
import {
  bodyErrors,
  commonErrors,
  defineRoute,
  deleteRoute,
  jsonBody,
  jsonResponse,
  SpaceParam,
} from "../http/route.ts";
import {
  AlertRule,
  AlertRuleInput,
  AlertRuleList,
  AlertRulePatch,
  BellFeed,
  Channel,
  ChannelCreated,
  ChannelInput,
  ChannelList,
  ChannelPatch,
  ChannelTestResult,
  IncidentAction,
  IncidentDetail,
  IncidentList,
  IncidentQuery,
  MaintenanceInput,
  MaintenanceList,
  MaintenanceQuery,
  MaintenanceWindow,
  NotificationList,
  NotificationPreferences,
  NotificationQuery,
} from "./schema.ts";

/*
 * Alerting routes. Rules, channels and maintenance windows: read by every member, changed by an
 * Admin. Incidents: read by every member, acknowledged and resolved by a Content Manager or Admin.
 * Preferences: the caller's own.
 */

const idParam = (what: string) => SpaceParam.extend({ uuid: z.string().meta({ description: `The ${what}'s uuid` }) });
export const AlertRuleParam = idParam("rule");
export const ChannelParam = idParam("channel");
export const IncidentParam = idParam("incident");
export const MaintenanceParam = idParam("maintenance window");

/** 409: the incident is already in a state the action cannot leave (e.g. resolving a resolved one). */
const conflict = jsonResponse(ApiErrorBody, "Not possible in the incident's state");

// ─── Rules ─────────────────────────────────────────────────────────────────────────────
const ruleTags = ["Alerting"];

export const listAlertRules = defineRoute({
  method: "get",
  path: "/space/{space}/alert-rule/items",
  summary: "The space's alert rules, by name, each with its count of open incidents",
  tags: ruleTags,
  request: { params: SpaceParam },
  responses: { 200: jsonResponse(AlertRuleList), ...commonErrors },
});
export const addAlertRule = defineRoute({
  method: "post",
  path: "/space/{space}/alert-rule/add",
  summary: "Add an alert rule; Admin",
  tags: ruleTags,
  request: { params: SpaceParam, body: jsonBody(AlertRuleInput) },
  responses: { 201: jsonResponse(AlertRule, "The new rule"), ...bodyErrors },
});
export const getAlertRule = defineRoute({
  method: "get",
  path: "/space/{space}/alert-rule/{uuid}",
  summary: "One alert rule",
  tags: ruleTags,
  request: { params: AlertRuleParam },
  responses: { 200: jsonResponse(AlertRule), ...commonErrors },
});
export const editAlertRule = defineRoute({
  method: "patch",
  path: "/space/{space}/alert-rule/{uuid}",
  summary: "Change an alert rule (disabling it resolves its open incidents); Admin",
  tags: ruleTags,
  request: { params: AlertRuleParam, body: jsonBody(AlertRulePatch) },
  responses: { 200: jsonResponse(AlertRule, "The changed rule"), ...bodyErrors },
});
export const deleteAlertRule = deleteRoute({
  path: "/space/{space}/alert-rule/{uuid}",
  summary: "Delete an alert rule (its incidents are resolved and kept); Admin",
  tags: ruleTags,
  params: AlertRuleParam,
});

// ─── Channels ──────────────────────────────────────────────────────────────────────────

export const listChannels = defineRoute({
  method: "get",
  path: "/space/{space}/alert-channel/items",
  summary: "The space's notification channels with their delivery counts and last error",
  tags: ruleTags,
  request: { params: SpaceParam },
  responses: { 200: jsonResponse(ChannelList), ...commonErrors },
});
export const addChannel = defineRoute({
  method: "post",
  path: "/space/{space}/alert-channel/add",
  summary: "Add an e-mail or webhook channel (a webhook without a secret gets one, shown once); Admin",
  tags: ruleTags,
  request: { params: SpaceParam, body: jsonBody(ChannelInput) },
  responses: { 201: jsonResponse(ChannelCreated, "The new channel"), ...bodyErrors },
});
export const getChannel = defineRoute({
  method: "get",
  path: "/space/{space}/alert-channel/{uuid}",
  summary: "One channel",
  tags: ruleTags,
  request: { params: ChannelParam },
  responses: { 200: jsonResponse(Channel), ...commonErrors },
});
export const editChannel = defineRoute({
  method: "patch",
  path: "/space/{space}/alert-channel/{uuid}",
  summary: "Change a channel (a new `secret` replaces the webhook's); Admin",
  tags: ruleTags,
  request: { params: ChannelParam, body: jsonBody(ChannelPatch) },
  responses: { 200: jsonResponse(Channel, "The changed channel"), ...bodyErrors },
});
export const deleteChannel = deleteRoute({
  path: "/space/{space}/alert-channel/{uuid}",
  summary: "Delete a channel (rules stop naming it); Admin",
  tags: ruleTags,
  params: ChannelParam,
});
export const testChannel = defineRoute({
  method: "post",
  path: "/space/{space}/alert-channel/{uuid}/test",
  summary: "Send a test notification now (not queued) and answer what the receiver said; Admin",
  tags: ruleTags,
  request: { params: ChannelParam },
  responses: { 200: jsonResponse(ChannelTestResult), ...commonErrors },
});
export const listChannelNotifications = defineRoute({
  method: "get",
  path: "/space/{space}/alert-channel/{uuid}/notifications",
  summary: "The channel's notifications, newest first: pending, delivered or dead-lettered with the last error",
  tags: ruleTags,
  request: { params: ChannelParam, query: NotificationQuery },
  responses: { 200: jsonResponse(NotificationList), ...commonErrors },
});

// ─── Incidents ─────────────────────────────────────────────────────────────────────────
const incidentTags = ["Incidents"];

export const listIncidents = defineRoute({
  method: "get",
  path: "/space/{space}/incident/items",
  summary: "Incidents: open and acknowledged first (oldest first), then the rest newest first; filtered and paged",
  tags: incidentTags,
  request: { params: SpaceParam, query: IncidentQuery },
  responses: { 200: jsonResponse(IncidentList), ...commonErrors },
});
export const getIncident = defineRoute({
  method: "get",
  path: "/space/{space}/incident/{uuid}",
  summary: "One incident with its devices and timeline",
  tags: incidentTags,
  request: { params: IncidentParam },
  responses: { 200: jsonResponse(IncidentDetail), ...commonErrors },
});
export const acknowledgeIncident = defineRoute({
  method: "post",
  path: "/space/{space}/incident/{uuid}/acknowledge",
  summary: "Acknowledge an open incident with an optional note (stops escalation); Content Manager or Admin",
  tags: incidentTags,
  request: { params: IncidentParam, body: jsonBody(IncidentAction) },
  responses: { 200: jsonResponse(IncidentDetail, "The acknowledged incident"), 409: conflict, ...bodyErrors },
});
export const resolveIncident = defineRoute({
  method: "post",
  path: "/space/{space}/incident/{uuid}/resolve",
  summary: "Resolve an incident by hand with an optional note; Content Manager or Admin",
  tags: incidentTags,
  request: { params: IncidentParam, body: jsonBody(IncidentAction) },
  responses: { 200: jsonResponse(IncidentDetail, "The resolved incident"), 409: conflict, ...bodyErrors },
});
export const getBell = defineRoute({
  method: "get",
  path: "/space/{space}/incident-bell",
  summary: "The bell: the latest 50 incident events of the space and how many the caller has not seen",
  tags: incidentTags,
  request: { params: SpaceParam },
  responses: { 200: jsonResponse(BellFeed), ...commonErrors },
});
export const markBellSeen = defineRoute({
  method: "post",
  path: "/space/{space}/incident-bell/seen",
  summary: "Mark the bell read up to now for the caller",
  tags: incidentTags,
  request: { params: SpaceParam },
  responses: { 200: jsonResponse(BellFeed), ...commonErrors },
});

// ─── Maintenance windows ───────────────────────────────────────────────────────────────
const maintenanceTags = ["Maintenance"];

export const listMaintenance = defineRoute({
  method: "get",
  path: "/space/{space}/maintenance/items",
  summary:
    "Maintenance windows, newest start first; `active=true` only those covering now, `location`/`device` those covering it",
  tags: maintenanceTags,
  request: { params: SpaceParam, query: MaintenanceQuery },
  responses: { 200: jsonResponse(MaintenanceList), ...commonErrors },
});
export const addMaintenance = defineRoute({
  method: "post",
  path: "/space/{space}/maintenance/add",
  summary: "Add a maintenance window for a location, group or tag (audited); Admin",
  tags: maintenanceTags,
  request: { params: SpaceParam, body: jsonBody(MaintenanceInput) },
  responses: { 201: jsonResponse(MaintenanceWindow, "The new window"), ...bodyErrors },
});
export const endMaintenance = defineRoute({
  method: "post",
  path: "/space/{space}/maintenance/{uuid}/end",
  summary: "End a window now (audited); Admin",
  tags: maintenanceTags,
  request: { params: MaintenanceParam },
  responses: { 200: jsonResponse(MaintenanceWindow, "The ended window"), ...commonErrors },
});
export const deleteMaintenance = deleteRoute({
  path: "/space/{space}/maintenance/{uuid}",
  summary: "Delete a window (audited); Admin",
  tags: maintenanceTags,
  params: MaintenanceParam,
});

// ─── The caller's notification preferences ─────────────────────────────────────────────

export const getNotificationPreferences = defineRoute({
  method: "get",
  path: "/account/notification-preferences",
  summary: "The caller's notification preferences (channels, quiet hours, spaces)",
  tags: ["Account"],
  responses: { 200: jsonResponse(NotificationPreferences), 401: commonErrors[401] },
});
export const putNotificationPreferences = defineRoute({
  method: "put",
  path: "/account/notification-preferences",
  summary: "Replace the caller's notification preferences",
  tags: ["Account"],
  request: { body: jsonBody(NotificationPreferences) },
  responses: { 200: jsonResponse(NotificationPreferences), 400: commonErrors[400], 401: commonErrors[401] },
});
