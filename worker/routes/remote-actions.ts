import { Hono } from "hono";
import { DeviceDetail } from "../../contracts/device-detail.ts";
import { TelemetrySeries } from "../../contracts/monitoring.ts";
import {
  DebugStatusInput,
  EnabledStatusInput,
  HeadlessSharingInput,
  PeripheralPath,
  PowerControlInput,
  RemoteSharingInput,
  RemoteSharingResult,
  ScreenCaptureInput,
  ScreenshotResult,
  TelemetryHistory,
  TelemetryQuery,
  VisionStatusInput,
} from "../../contracts/remote-actions.ts";
import type { AppEnv } from "../env.ts";
import { deferTo } from "../lib/defer.ts";
import { ApiError } from "../lib/errors.ts";
import { validateInput } from "../lib/validate-input.ts";
import { requireFlag, requireRole, spaceCtx } from "../middleware/space.ts";
import { powerControl } from "../services/commands/power-control.ts";
import {
  changePeripheralEnabled,
  changeSetting,
  changeVision,
  getScreenshot,
  runRemoteAction,
  takeScreenshot,
} from "../services/commands/remote-actions.ts";
import { getDeviceDetail } from "../services/devices/detail.ts";
import { getTelemetryHistory, getTelemetrySeries } from "../services/monitoring/telemetry.ts";

const writer = requireRole("content_manager");
const forbidden = () => new ApiError("forbidden", "You do not have permission to perform this action.");
const detail = async (c: Parameters<typeof spaceCtx>[0], uuid: string) =>
  DeviceDetail.parse(await getDeviceDetail({ ctx: spaceCtx(c), input: { uuid } }));

/** devices.md §7 remote actions under /space/{space}/device/{id}/ (Content Manager or Admin). */
export const remoteActionRoutes = new Hono<AppEnv>({ strict: false })
  .post("/device/:uuid/remote-sharing", writer, validateInput("json", RemoteSharingInput), async (c) => {
    const body = c.req.valid("json");
    // §6: Request RSSH is for super admins and system developers only.
    if (body.action === "reverse-ssh" && !c.var.user.super_admin && !c.var.user.sys_dev) throw forbidden();
    const input = { uuid: c.req.param("uuid"), action: body.action, request_id: body.request_id };
    return c.json(RemoteSharingResult.parse(await runRemoteAction({ ctx: spaceCtx(c), input })));
  })
  .post(
    "/device/:uuid/headless-remote-sharing",
    writer,
    requireFlag("sys_dev"),
    validateInput("json", HeadlessSharingInput),
    async (c) => {
      const { request_id } = c.req.valid("json");
      const input = { uuid: c.req.param("uuid"), action: "headless-remote-desktop" as const, request_id };
      return c.json(RemoteSharingResult.parse(await runRemoteAction({ ctx: spaceCtx(c), input })));
    },
  )
  .post("/device/:uuid/screen-capture", writer, validateInput("json", ScreenCaptureInput), async (c) => {
    const input = { uuid: c.req.param("uuid"), request_id: c.req.valid("json").request_id };
    return c.json(ScreenshotResult.parse(await takeScreenshot({ ctx: spaceCtx(c), input })));
  })
  .get("/device/:uuid/screenshot/:shot{[A-Za-z0-9_-]+\\.jpg}", async (c) => {
    const shot = c.req.param("shot").replace(/\.jpg$/, "");
    const object = await getScreenshot({ ctx: spaceCtx(c), input: { uuid: c.req.param("uuid"), shot } });
    return c.body(object.body, 200, {
      "Content-Type": "image/jpeg",
      "Content-Disposition": 'inline; filename="screenshot.jpg"',
      "Cache-Control": "private, max-age=3600",
    });
  })
  .get("/device/:uuid/telemetry", validateInput("query", TelemetryQuery), async (c) => {
    const { metric, from, to, since } = c.req.valid("query");
    const uuid = c.req.param("uuid");
    if (metric) {
      const input = { uuid, metric, from, to };
      return c.json(TelemetrySeries.parse(await getTelemetrySeries({ ctx: spaceCtx(c), input })));
    }
    return c.json(TelemetryHistory.parse(await getTelemetryHistory({ ctx: spaceCtx(c), input: { uuid, since } })));
  })
  .post("/device/:uuid/services-telemetry-refresh", writer, async (c) => {
    await runRemoteAction({ ctx: spaceCtx(c), input: { uuid: c.req.param("uuid"), action: "telemetry-refresh" } });
    return c.body(null, 204);
  })
  .patch("/device/:uuid/enabled-status", writer, validateInput("json", EnabledStatusInput), async (c) => {
    const uuid = c.req.param("uuid");
    const input = {
      uuid,
      column: "enabled" as const,
      action: "set-enabled" as const,
      value: c.req.valid("json").enabled,
    };
    await changeSetting({ ctx: spaceCtx(c), input, defer: deferTo(c) });
    return c.json(await detail(c, uuid));
  })
  .patch("/device/:uuid/debug-status", writer, validateInput("json", DebugStatusInput), async (c) => {
    const uuid = c.req.param("uuid");
    const value = c.req.valid("json").debug_mode;
    await changeSetting({
      ctx: spaceCtx(c),
      input: { uuid, column: "debug_mode", action: "set-debug", value },
      defer: deferTo(c),
    });
    return c.json(await detail(c, uuid));
  })
  .patch("/device/:uuid/vision-enabled-status", writer, validateInput("json", VisionStatusInput), async (c) => {
    const uuid = c.req.param("uuid");
    await changeVision({ ctx: spaceCtx(c), input: { uuid, enabled: c.req.valid("json").enabled }, defer: deferTo(c) });
    return c.json(await detail(c, uuid));
  })
  .patch(
    "/device/:uuid/peripherals/:type/:peripheral/enabled-status",
    writer,
    validateInput("param", PeripheralPath),
    validateInput("json", EnabledStatusInput),
    async (c) => {
      const uuid = c.req.param("uuid");
      const { type, peripheral } = c.req.valid("param");
      const input = { uuid, type, peripheral, enabled: c.req.valid("json").enabled };
      await changePeripheralEnabled({ ctx: spaceCtx(c), input, defer: deferTo(c) });
      return c.json(await detail(c, uuid));
    },
  );

/** POST /api/device/{id}/power-control/ — without the space prefix (devices.md §7); 204 on success. */
export const powerControlRoutes = new Hono<AppEnv>({ strict: false }).post(
  "/:uuid/power-control",
  validateInput("json", PowerControlInput),
  async (c) => {
    const body = c.req.valid("json");
    await powerControl({
      ctx: { db: c.var.db, env: c.env, user: c.var.user },
      input: { uuid: c.req.param("uuid"), ...body },
    });
    return c.body(null, 204);
  },
);
