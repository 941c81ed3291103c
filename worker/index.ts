import { env as startupEnv } from "cloudflare:workers";
import { Hono } from "hono";
import { authRoutes } from "./auth/routes.ts";
import { productionConfigProblems } from "./config.ts";
import type { AppEnv, Env } from "./env.ts";
import { publicBodyLimit } from "./lib/body-limits.ts";
import { handleError } from "./lib/errors.ts";
import { openApiRouter } from "./lib/openapi.ts";
import { requireUser } from "./middleware/auth.ts";
import { contextMiddleware } from "./middleware/context.ts";
import { productionGuard } from "./middleware/production-guard.ts";
import { requestLog } from "./middleware/request-log.ts";
import { securityHeaders } from "./middleware/security-headers.ts";
import { requireSpaceMember } from "./middleware/space.ts";
import { routeRoomRequest } from "./room-access.ts";
import { isRoomUpgrade, roomUpgrade } from "./room-upgrade.ts";
import { accessRoutes } from "./routes/access.ts";
import { accountRoutes } from "./routes/account.ts";
import { accountPasswordRoutes, spaceAccountLinkRoutes } from "./routes/account-lifecycle.ts";
import { accountsRoutes } from "./routes/accounts.ts";
import { adminRoutes } from "./routes/admin.ts";
import { agentRoutes } from "./routes/agent-enroll.ts";
import { alertingRoutes, notificationPreferenceRoutes } from "./routes/alerting.ts";
import { alertingDevRoutes } from "./routes/alerting-dev.ts";
import { auditRoutes } from "./routes/audit.ts";
import { bulkRoutes } from "./routes/bulk.ts";
import { commandRoutes } from "./routes/commands.ts";
import { commentRoutes } from "./routes/comments.ts";
import { detectionRoutes } from "./routes/detection.ts";
import { devRoutes } from "./routes/dev-mail.ts";
import { deviceLifecycleRoutes } from "./routes/device-lifecycle.ts";
import { deviceRoutes } from "./routes/devices.ts";
import { displayHealthRoutes } from "./routes/display-health.ts";
import { hashedAssetRoutes } from "./routes/hashed-assets.ts";
import { installationRoutes } from "./routes/installation.ts";
import { locationGroupRoutes } from "./routes/location-groups.ts";
import { locationRoutes } from "./routes/locations.ts";
import { monitoringRoutes } from "./routes/monitoring.ts";
import { serveOpenApiDocument } from "./routes/openapi.ts";
import { peripheralRoutes } from "./routes/peripherals.ts";
import { referenceRoutes, spaceReferenceRoutes } from "./routes/reference.ts";
import { powerControlRoutes, remoteActionRoutes } from "./routes/remote-actions.ts";
import { roomTicketRoutes } from "./routes/room-tickets.ts";
import { savedViewRoutes } from "./routes/saved-views.ts";
import { sessionRoutes } from "./routes/sessions.ts";
import { spaceRoutes } from "./routes/space.ts";
import { spaceRegionRoutes } from "./routes/space-region.ts";
import { tagRoutes } from "./routes/tags.ts";
import { wallRoutes } from "./routes/wall.ts";
import { workingTimeRoutes } from "./routes/working-time.ts";
import { type AlertMessage, handleAlertBatch } from "./services/alerting/queue.ts";
import { auditDaily, chainSoon } from "./services/audit/maintenance.ts";
import { auditContextMiddleware } from "./services/kernel/audit-context.ts";
import { pruneAllRecordings } from "./services/sessions/recordings.ts";

// A production Worker with an incomplete configuration does not start: the deploy fails on it
// (Cloudflare runs the script's top level when it is uploaded). productionGuard covers a
// runtime whose vars are not readable here.
const startupProblems = productionConfigProblems((startupEnv ?? {}) as Env);
if (startupProblems.length) {
  throw new Error(`Outpost refuses to start in production: ${startupProblems.join("; ")}.`);
}

export { DeviceRoom } from "./rooms/device-room.ts";
export { LocationRoom } from "./rooms/location-room.ts";
export { SpaceRoom } from "./rooms/space-room.ts";

const api = openApiRouter();
api
  .route("/", accountRoutes)
  .route("/", notificationPreferenceRoutes)
  .route("/", accountPasswordRoutes)
  .route("/", spaceAccountLinkRoutes)
  .route("/", referenceRoutes)
  .route("/", agentRoutes)
  .use("/device/*", requireUser)
  .route("/", powerControlRoutes)
  // The Admin Panel's global records (no space): the routes check the super_admin / sys_dev flags.
  .use("/application/*", requireUser)
  .use("/runner/*", requireUser)
  .route("/", adminRoutes)
  // Super admins set any space's region (no membership needed).
  .use("/admin/*", requireUser)
  .route("/", spaceRegionRoutes)
  // Also matches /space/{space} and /space/{space}/: one middleware, so each request authenticates once.
  .use("/space/:space/*", requireSpaceMember)
  .route("/", spaceRoutes)
  .route("/", spaceReferenceRoutes)
  // Before the location routes: /location/availability/ is not a location's uuid.
  .route("/", wallRoutes)
  .route("/", locationRoutes)
  .route("/", workingTimeRoutes)
  .route("/", locationGroupRoutes)
  .route("/", deviceRoutes)
  .route("/", deviceLifecycleRoutes)
  .route("/", installationRoutes)
  .route("/", detectionRoutes)
  .route("/", commentRoutes)
  .route("/", accountsRoutes)
  .route("/", auditRoutes)
  .route("/", remoteActionRoutes)
  .route("/", displayHealthRoutes)
  .route("/", commandRoutes)
  .route("/", peripheralRoutes)
  .route("/", roomTicketRoutes)
  .route("/", monitoringRoutes)
  .route("/", accessRoutes)
  .route("/", bulkRoutes)
  .route("/", savedViewRoutes)
  // Routes defined in contracts/api carry their full path (/space/{space}/…).
  .route("/", tagRoutes)
  .route("/", alertingRoutes)
  .route("/", sessionRoutes);

serveOpenApiDocument(api);

export const app = new Hono<AppEnv>({ strict: false })
  .use(securityHeaders)
  .use(contextMiddleware)
  // Request id, client address, user agent and principal for every audit entry the request writes.
  .use(auditContextMiddleware(chainSoon))
  .use(requestLog)
  .use(productionGuard)
  // The identity endpoints take no sign-in: their form bodies are small.
  .use("/auth/*", publicBodyLimit)
  .route("/auth", authRoutes)
  .route("/api", api)
  .route("/dev/alerting", alertingDevRoutes)
  .route("/dev", devRoutes)
  .route("/assets", hashedAssetRoutes)
  .all("/parties/*", async (c) => {
    const res = await routeRoomRequest(c.req.raw, c.env);
    return res ?? c.json({ code: "not_found", message: "Room not found." }, 404);
  })
  .get("/healthz", (c) => c.json({ ok: true }));

app.onError(handleError);
app.notFound((c) => c.json({ code: "not_found", message: "Not found.", request_id: c.var.requestId }, 404));

export type AppType = typeof app;

export default {
  // Room upgrades skip the app's middleware chain (worker/room-upgrade.ts).
  fetch: (request: Request, env: Env, ctx: ExecutionContext) =>
    isRoomUpgrade(request, env) ? roomUpgrade(request, env) : app.fetch(request, env, ctx),
  // Alert notifications and their dead letters (worker/services/alerting/queue.ts).
  queue: (batch: MessageBatch, env: Env) => handleAlertBatch(batch as MessageBatch<AlertMessage>, env),
  // Daily: audit chains completed, finished days anchored in R2, entries past retention pruned.
  scheduled: (event: ScheduledController, env: Env, ctx: ExecutionContext) => {
    const now = new Date(event.scheduledTime);
    ctx.waitUntil(auditDaily(env, now));
    ctx.waitUntil(pruneAllRecordings(env, now));
  },
} satisfies ExportedHandler<Env>;
