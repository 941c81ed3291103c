import { createMiddleware } from "hono/factory";
import * as routes from "../../contracts/admin/routes.ts";
import {
  ADMIN_TEXTS,
  Application,
  ApplicationList,
  ChangeHistory,
  Runner,
  RunnerList,
} from "../../contracts/admin/schema.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../lib/errors.ts";
import { guarded, openApiRouter } from "../lib/openapi.ts";
import { MALFORMED_JSON_MESSAGE } from "../lib/validate-input.ts";
import {
  createApplication,
  deleteApplication,
  getApplication,
  listApplications,
  requireApplication,
  updateApplication,
} from "../services/admin/applications.ts";
import { adminCtx } from "../services/admin/ctx.ts";
import { changeHistory } from "../services/admin/history.ts";
import {
  createRunner,
  deleteRunner,
  getRunner,
  listRunners,
  requireRunner,
  updateRunner,
} from "../services/admin/runners.ts";

const forbidden = () => new ApiError("forbidden", ADMIN_TEXTS.forbidden);

/** console.md §2.2, §6: the Admin Panel is for super admins and system developers. */
const panel = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user.super_admin && !c.var.user.sys_dev) throw forbidden();
  await next();
});

/** console.md §6: Delete, and saving a runner, only for system developers. */
const sysDev = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user.sys_dev) throw forbidden();
  await next();
});

/**
 * A JSON document that does not parse is a 400 whose error says where (the parser's message
 * carries the position), before the route's own JSON guard answers without it. Other media
 * types are left to that guard (415).
 */
const parsableDocument = createMiddleware<AppEnv>(async (c, next) => {
  if (/json/i.test(c.req.header("Content-Type") ?? "")) {
    try {
      JSON.parse(await c.req.text());
    } catch (error) {
      const where = error instanceof SyntaxError ? error.message : MALFORMED_JSON_MESSAGE;
      throw new ApiError("bad_request", MALFORMED_JSON_MESSAGE, { non_field_errors: [where] });
    }
  }
  await next();
});

const reader = [panel];
const writer = [panel, parsableDocument];
const sysDevWriter = [panel, sysDev, parsableDocument];

/** /api/application/… and /api/runner/… (console.md §7.6): global records, edited as JSON documents. */
export const adminRoutes = openApiRouter()
  .openapi(guarded(routes.listApplications, ...reader), async (c) => {
    const input = { ...c.req.valid("query"), url: c.req.url };
    return c.json(ApplicationList.parse(await listApplications({ ctx: adminCtx(c), input })), 200);
  })
  .openapi(guarded(routes.addApplication, ...writer), async (c) => {
    const application = await createApplication({ ctx: adminCtx(c), input: c.req.valid("json") });
    return c.json(Application.parse(application), 201);
  })
  .openapi(guarded(routes.applicationHistory, ...reader), async (c) => {
    const ctx = adminCtx(c);
    const { uuid } = await requireApplication(ctx, c.req.valid("param").id);
    const input = { ...c.req.valid("query"), url: c.req.url, entityType: "application" as const, entityUuid: uuid };
    return c.json(ChangeHistory.parse(await changeHistory({ ctx, input })), 200);
  })
  .openapi(guarded(routes.getApplication, ...reader), async (c) => {
    const application = await getApplication({ ctx: adminCtx(c), input: c.req.valid("param") });
    return c.json(Application.parse(application), 200);
  })
  .openapi(guarded(routes.editApplication, ...writer), async (c) => {
    const input = { id: c.req.valid("param").id, document: c.req.valid("json") };
    return c.json(Application.parse(await updateApplication({ ctx: adminCtx(c), input })), 200);
  })
  .openapi(guarded(routes.deleteApplication, panel, sysDev), async (c) => {
    await deleteApplication({ ctx: adminCtx(c), input: c.req.valid("param") });
    return c.body(null, 204);
  })
  .openapi(guarded(routes.listRunners, ...reader), async (c) => {
    const input = { ...c.req.valid("query"), url: c.req.url };
    return c.json(RunnerList.parse(await listRunners({ ctx: adminCtx(c), input })), 200);
  })
  .openapi(guarded(routes.addRunner, ...sysDevWriter), async (c) => {
    return c.json(Runner.parse(await createRunner({ ctx: adminCtx(c), input: c.req.valid("json") })), 201);
  })
  .openapi(guarded(routes.runnerHistory, ...reader), async (c) => {
    const ctx = adminCtx(c);
    const { uuid } = await requireRunner(ctx, c.req.valid("param").id);
    const input = { ...c.req.valid("query"), url: c.req.url, entityType: "runner" as const, entityUuid: uuid };
    return c.json(ChangeHistory.parse(await changeHistory({ ctx, input })), 200);
  })
  .openapi(guarded(routes.getRunner, ...reader), async (c) => {
    return c.json(Runner.parse(await getRunner({ ctx: adminCtx(c), input: { uuid: c.req.valid("param").id } })), 200);
  })
  .openapi(guarded(routes.editRunner, ...sysDevWriter), async (c) => {
    const input = { uuid: c.req.valid("param").id, document: c.req.valid("json") };
    return c.json(Runner.parse(await updateRunner({ ctx: adminCtx(c), input })), 200);
  })
  .openapi(guarded(routes.deleteRunner, panel, sysDev), async (c) => {
    await deleteRunner({ ctx: adminCtx(c), input: { uuid: c.req.valid("param").id } });
    return c.body(null, 204);
  });
