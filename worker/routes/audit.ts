import { createMiddleware } from "hono/factory";
import {
  auditAnchors as auditAnchorsRoute,
  exportAuditLog as exportRoute,
  listAuditLog as listRoute,
  updateAuditSettings as settingsRoute,
  verifyAuditLog as verifyRoute,
} from "../../contracts/audit/routes.ts";
import { AUDIT_TEXT, AuditAnchors, AuditList, AuditSettings, AuditVerifyResult } from "../../contracts/audit/schema.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../lib/errors.ts";
import { guarded, openApiRouter } from "../lib/openapi.ts";
import { roleAtLeast, spaceCtx } from "../middleware/space.ts";
import {
  auditAnchors,
  exportAuditLog,
  readAuditLog,
  setAuditRetention,
  verifyAuditLog,
} from "../services/audit/audit-log.ts";

/** Only Admins (people, not tokens or display links) read the audit log. */
const admins = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.principal?.kind !== "user" || !roleAtLeast(c.var.role.code, "admin")) {
    throw new ApiError("forbidden", AUDIT_TEXT.adminsOnly);
  }
  await next();
});

/** /api/space/{space}/audit/…: the space's tamper-evident audit log (docs/security.md). */
export const auditRoutes = openApiRouter()
  .openapi(guarded(listRoute, admins), async (c) => {
    const list = await readAuditLog({ ctx: spaceCtx(c), input: c.req.valid("query") });
    return c.json(AuditList.parse(list), 200);
  })
  .openapi(guarded(exportRoute, admins), async (c) => {
    const file = await exportAuditLog({ ctx: spaceCtx(c), input: c.req.valid("query") });
    return c.body(file.body, 200, {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.filename}"`,
    });
  })
  .openapi(guarded(verifyRoute, admins), async (c) => {
    const result = await verifyAuditLog({ ctx: spaceCtx(c), now: new Date() });
    return c.json(AuditVerifyResult.parse(result), 200);
  })
  .openapi(guarded(auditAnchorsRoute, admins), async (c) => {
    return c.json(AuditAnchors.parse(await auditAnchors({ ctx: spaceCtx(c) })), 200);
  })
  .openapi(guarded(settingsRoute, admins), async (c) => {
    const result = await setAuditRetention({ ctx: spaceCtx(c), input: c.req.valid("json") });
    return c.json(AuditSettings.parse(result), 200);
  });
