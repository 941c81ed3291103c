import * as routes from "../../contracts/alerting/routes.ts";
import {
  AlertRule,
  AlertRuleList,
  BellFeed,
  Channel,
  ChannelCreated,
  ChannelList,
  ChannelTestResult,
  IncidentDetail,
  IncidentList,
  MaintenanceList,
  MaintenanceWindow,
  NotificationList,
  NotificationPreferences,
} from "../../contracts/alerting/schema.ts";
import type { AppEnv } from "../env.ts";
import { deferTo } from "../lib/defer.ts";
import { guarded, openApiRouter } from "../lib/openapi.ts";
import { requireUser } from "../middleware/auth.ts";
import { requireRole, spaceCtx } from "../middleware/space.ts";
import * as channels from "../services/alerting/channels.ts";
import { actOnIncident, bellFeed, getIncident, listIncidents, type ReadScope } from "../services/alerting/incidents.ts";
import * as maintenance from "../services/alerting/maintenance.ts";
import { getPreferences, putPreferences } from "../services/alerting/preferences.ts";
import * as rules from "../services/alerting/rules.ts";

const admin = requireRole("admin");
const responder = requireRole("content_manager");

/** A display link narrowed to a group or location reads that part's incidents only. */
const readScope = (c: { var: AppEnv["Variables"] }): ReadScope => {
  const p = c.var.principal;
  if (p?.kind !== "display_link") return null;
  return { group: p.credential.location_group_uuid ?? null, location: p.credential.location_uuid ?? null };
};

/** /api/space/{space}/alert-rule|alert-channel|incident|maintenance…: reads for members, changes as the contract says. */
export const alertingRoutes = openApiRouter()
  .openapi(routes.listAlertRules, async (c) =>
    c.json(AlertRuleList.parse(await rules.listRules({ ctx: spaceCtx(c) })), 200),
  )
  .openapi(guarded(routes.addAlertRule, admin), async (c) => {
    const rule = await rules.addRule({ ctx: spaceCtx(c), input: c.req.valid("json"), defer: deferTo(c) });
    return c.json(AlertRule.parse(rule), 201);
  })
  .openapi(routes.getAlertRule, async (c) =>
    c.json(AlertRule.parse(await rules.getRule({ ctx: spaceCtx(c), input: c.req.valid("param") })), 200),
  )
  .openapi(guarded(routes.editAlertRule, admin), async (c) => {
    const input = { ...c.req.valid("json"), uuid: c.req.valid("param").uuid };
    return c.json(AlertRule.parse(await rules.editRule({ ctx: spaceCtx(c), input, defer: deferTo(c) })), 200);
  })
  .openapi(guarded(routes.deleteAlertRule, admin), async (c) => {
    await rules.deleteRule({ ctx: spaceCtx(c), input: c.req.valid("param"), defer: deferTo(c) });
    return c.body(null, 204);
  })
  .openapi(routes.listChannels, async (c) =>
    c.json(ChannelList.parse(await channels.listChannels({ ctx: spaceCtx(c) })), 200),
  )
  .openapi(guarded(routes.addChannel, admin), async (c) => {
    const channel = await channels.addChannel({ ctx: spaceCtx(c), input: c.req.valid("json") });
    return c.json(ChannelCreated.parse(channel), 201);
  })
  .openapi(routes.getChannel, async (c) =>
    c.json(Channel.parse(await channels.getChannel({ ctx: spaceCtx(c), input: c.req.valid("param") })), 200),
  )
  .openapi(guarded(routes.editChannel, admin), async (c) => {
    const input = { ...c.req.valid("json"), uuid: c.req.valid("param").uuid };
    return c.json(Channel.parse(await channels.editChannel({ ctx: spaceCtx(c), input })), 200);
  })
  .openapi(guarded(routes.deleteChannel, admin), async (c) => {
    await channels.deleteChannel({ ctx: spaceCtx(c), input: c.req.valid("param") });
    return c.body(null, 204);
  })
  .openapi(guarded(routes.testChannel, admin), async (c) =>
    c.json(ChannelTestResult.parse(await channels.testChannel({ ctx: spaceCtx(c), input: c.req.valid("param") })), 200),
  )
  .openapi(routes.listChannelNotifications, async (c) => {
    const input = { ...c.req.valid("query"), uuid: c.req.valid("param").uuid, url: c.req.url };
    return c.json(NotificationList.parse(await channels.listNotifications({ ctx: spaceCtx(c), input })), 200);
  })
  .openapi(routes.listIncidents, async (c) => {
    const input = { ...c.req.valid("query"), url: c.req.url };
    return c.json(IncidentList.parse(await listIncidents({ ctx: spaceCtx(c), input, scope: readScope(c) })), 200);
  })
  .openapi(routes.getIncident, async (c) =>
    c.json(
      IncidentDetail.parse(await getIncident({ ctx: spaceCtx(c), input: c.req.valid("param"), scope: readScope(c) })),
      200,
    ),
  )
  .openapi(guarded(routes.acknowledgeIncident, responder), async (c) => {
    const input = { uuid: c.req.valid("param").uuid, action: "acknowledge" as const, note: c.req.valid("json").note };
    return c.json(IncidentDetail.parse(await actOnIncident({ ctx: spaceCtx(c), input })), 200);
  })
  .openapi(guarded(routes.resolveIncident, responder), async (c) => {
    const input = { uuid: c.req.valid("param").uuid, action: "resolve" as const, note: c.req.valid("json").note };
    return c.json(IncidentDetail.parse(await actOnIncident({ ctx: spaceCtx(c), input })), 200);
  })
  .openapi(routes.getBell, async (c) =>
    c.json(BellFeed.parse(await bellFeed({ ctx: spaceCtx(c), scope: readScope(c) })), 200),
  )
  .openapi(routes.markBellSeen, async (c) =>
    c.json(BellFeed.parse(await bellFeed({ ctx: spaceCtx(c), scope: readScope(c), markSeen: true })), 200),
  )
  .openapi(routes.listMaintenance, async (c) =>
    c.json(
      MaintenanceList.parse(await maintenance.listMaintenance({ ctx: spaceCtx(c), input: c.req.valid("query") })),
      200,
    ),
  )
  .openapi(guarded(routes.addMaintenance, admin), async (c) => {
    const window = await maintenance.addMaintenance({
      ctx: spaceCtx(c),
      input: c.req.valid("json"),
      defer: deferTo(c),
    });
    return c.json(MaintenanceWindow.parse(window), 201);
  })
  .openapi(guarded(routes.endMaintenance, admin), async (c) => {
    const window = await maintenance.endMaintenance({
      ctx: spaceCtx(c),
      input: c.req.valid("param"),
      defer: deferTo(c),
    });
    return c.json(MaintenanceWindow.parse(window), 200);
  })
  .openapi(guarded(routes.deleteMaintenance, admin), async (c) => {
    await maintenance.deleteMaintenance({ ctx: spaceCtx(c), input: c.req.valid("param"), defer: deferTo(c) });
    return c.body(null, 204);
  });

/** /api/account/notification-preferences: the caller's own. */
export const notificationPreferenceRoutes = openApiRouter()
  .openapi(guarded(routes.getNotificationPreferences, requireUser), async (c) =>
    c.json(NotificationPreferences.parse(await getPreferences(c.var.db, c.var.user.uuid)), 200),
  )
  .openapi(guarded(routes.putNotificationPreferences, requireUser), async (c) =>
    c.json(NotificationPreferences.parse(await putPreferences(c.var.db, c.var.user.uuid, c.req.valid("json"))), 200),
  );
