import { LogsAnswer } from "../../contracts/commands/schema.ts";
import { DeviceDetail } from "../../contracts/devices/detail.ts";
import { TelemetrySeries } from "../../contracts/monitoring/schema.ts";
import {
  agentLogs as agentLogsRoute,
  getScreenshot as getScreenshotRoute,
  getTelemetry as getTelemetryRoute,
  headlessRemoteSharing as headlessRemoteSharingRoute,
  powerControl as powerControlRoute,
  refreshTelemetry as refreshTelemetryRoute,
  remoteSharing as remoteSharingRoute,
  screenCapture as screenCaptureRoute,
  setDebug as setDebugRoute,
  setEnabled as setEnabledRoute,
  setPeripheralEnabled as setPeripheralEnabledRoute,
  setVision as setVisionRoute,
} from "../../contracts/remote-actions/routes.ts";
import { RemoteSharingResult, ScreenshotResult, TelemetryHistory } from "../../contracts/remote-actions/schema.ts";
import { deferTo } from "../lib/defer.ts";
import { ApiError } from "../lib/errors.ts";
import { guarded, openApiRouter } from "../lib/openapi.ts";
import { requireFlag, requireRole, spaceCtx } from "../middleware/space.ts";
import { powerControl } from "../services/commands/power-control.ts";
import { fetchAgentLogs, getScreenshot, runRemoteAction, takeScreenshot } from "../services/commands/remote-actions.ts";
import { changePeripheralEnabled, changeSetting, changeVision } from "../services/commands/setting-changes.ts";
import { getDeviceDetail } from "../services/devices/detail.ts";
import { getTelemetryHistory, getTelemetrySeries } from "../services/monitoring/telemetry.ts";

const writer = requireRole("content_manager");
const forbidden = () => new ApiError("forbidden", "You do not have permission to perform this action.");
const detail = async (c: Parameters<typeof spaceCtx>[0], uuid: string) =>
  DeviceDetail.parse(await getDeviceDetail({ ctx: spaceCtx(c), input: { uuid } }));

/** A screenshot name that is not `{id}.jpg` is no route: 404 like any unknown path, not a 400. */
const screenshotNotFound = (result: { success: boolean }): undefined => {
  if (!result.success) throw new ApiError("not_found", "Not found.");
};

/** devices.md §7 remote actions under /space/{space}/device/{id}/ (Content Manager or Admin). */
export const remoteActionRoutes = openApiRouter()
  .openapi(guarded(remoteSharingRoute, writer), async (c) => {
    const body = c.req.valid("json");
    // §6: Request RSSH is for super admins and system developers only.
    if (body.action === "reverse-ssh" && !c.var.user.super_admin && !c.var.user.sys_dev) throw forbidden();
    const input = { uuid: c.req.valid("param").uuid, action: body.action, request_id: body.request_id };
    return c.json(RemoteSharingResult.parse(await runRemoteAction({ ctx: spaceCtx(c), input })), 200);
  })
  .openapi(guarded(headlessRemoteSharingRoute, writer, requireFlag("sys_dev")), async (c) => {
    const { request_id } = c.req.valid("json");
    const input = { uuid: c.req.valid("param").uuid, action: "headless-remote-desktop" as const, request_id };
    return c.json(RemoteSharingResult.parse(await runRemoteAction({ ctx: spaceCtx(c), input })), 200);
  })
  .openapi(guarded(screenCaptureRoute, writer), async (c) => {
    const input = { uuid: c.req.valid("param").uuid, request_id: c.req.valid("json").request_id };
    return c.json(ScreenshotResult.parse(await takeScreenshot({ ctx: spaceCtx(c), input })), 200);
  })
  .openapi(
    getScreenshotRoute,
    async (c) => {
      const { uuid, shot } = c.req.valid("param");
      const object = await getScreenshot({ ctx: spaceCtx(c), input: { uuid, shot: shot.replace(/\.jpg$/, "") } });
      return c.body(object.body, 200, {
        "Content-Type": "image/jpeg",
        "Content-Disposition": 'inline; filename="screenshot.jpg"',
        "Cache-Control": "private, max-age=3600",
      });
    },
    screenshotNotFound,
  )
  .openapi(getTelemetryRoute, async (c) => {
    const { metric, from, to, since } = c.req.valid("query");
    const { uuid } = c.req.valid("param");
    if (metric) {
      const input = { uuid, metric, from, to };
      return c.json(TelemetrySeries.parse(await getTelemetrySeries({ ctx: spaceCtx(c), input })), 200);
    }
    const history = await getTelemetryHistory({ ctx: spaceCtx(c), input: { uuid, since } });
    return c.json(TelemetryHistory.parse(history), 200);
  })
  .openapi(guarded(agentLogsRoute, writer), async (c) => {
    const input = { uuid: c.req.valid("param").uuid, limit: c.req.valid("query").limit };
    return c.json(LogsAnswer.parse(await fetchAgentLogs({ ctx: spaceCtx(c), input })), 200);
  })
  .openapi(guarded(refreshTelemetryRoute, writer), async (c) => {
    const { request_id } = c.req.valid("json");
    const input = { uuid: c.req.valid("param").uuid, action: "telemetry-refresh" as const, request_id };
    await runRemoteAction({ ctx: spaceCtx(c), input });
    return c.body(null, 204);
  })
  .openapi(guarded(setEnabledRoute, writer), async (c) => {
    const { uuid } = c.req.valid("param");
    const { enabled, request_id } = c.req.valid("json");
    const input = { uuid, column: "enabled" as const, action: "set-enabled" as const, value: enabled, request_id };
    await changeSetting({ ctx: spaceCtx(c), input, defer: deferTo(c) });
    return c.json(await detail(c, uuid), 200);
  })
  .openapi(guarded(setDebugRoute, writer), async (c) => {
    const { uuid } = c.req.valid("param");
    const { debug_mode: value, request_id } = c.req.valid("json");
    await changeSetting({
      ctx: spaceCtx(c),
      input: { uuid, column: "debug_mode", action: "set-debug", value, request_id },
      defer: deferTo(c),
    });
    return c.json(await detail(c, uuid), 200);
  })
  .openapi(guarded(setVisionRoute, writer), async (c) => {
    const { uuid } = c.req.valid("param");
    const { enabled, request_id } = c.req.valid("json");
    await changeVision({ ctx: spaceCtx(c), input: { uuid, enabled, request_id }, defer: deferTo(c) });
    return c.json(await detail(c, uuid), 200);
  })
  .openapi(guarded(setPeripheralEnabledRoute, writer), async (c) => {
    const { uuid, type, peripheral } = c.req.valid("param");
    const { enabled, request_id } = c.req.valid("json");
    const input = { uuid, type, peripheral, enabled, request_id };
    const peripheral_switch = await changePeripheralEnabled({ ctx: spaceCtx(c), input, defer: deferTo(c) });
    return c.json({ ...(await detail(c, uuid)), peripheral_switch }, 200);
  });

/**
 * POST /api/device/{id}/power-control/ — without the space prefix (devices.md §7), so it is
 * mounted at /api itself behind index.ts's requireUser for /device/*; 204 on success, 200
 * {dry_run: true} when the agent was not allowed to power the device.
 */
export const powerControlRoutes = openApiRouter().openapi(guarded(powerControlRoute), async (c) => {
  const dryRun = await powerControl({
    ctx: { db: c.var.db, env: c.env, user: c.var.user },
    input: { uuid: c.req.valid("param").uuid, ...c.req.valid("json") },
  });
  return dryRun ? c.json(dryRun, 200) : c.body(null, 204);
});
