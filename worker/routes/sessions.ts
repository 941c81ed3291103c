import * as routes from "../../contracts/sessions/routes.ts";
import { LocationConsent, RecordingList, SessionPolicy } from "../../contracts/sessions/schema.ts";
import { guarded, openApiRouter } from "../lib/openapi.ts";
import { requireRole, spaceCtx } from "../middleware/space.ts";
import {
  getLocationConsent,
  getSessionPolicy,
  saveLocationConsent,
  saveSessionPolicy,
} from "../services/sessions/policy.ts";
import { deleteRecording, listRecordings, pruneRecordings, readRecording } from "../services/sessions/recordings.ts";

const admin = requireRole("admin");

/**
 * Remote sessions under policy and on record: the space's rights per role and recording settings
 * and a location's consent prompt (Admins save them: they decide what operators may do), and the
 * recordings (Admins only, like the audit log they are linked from).
 */
export const sessionRoutes = openApiRouter()
  .openapi(routes.getSessionPolicy, async (c) =>
    c.json(SessionPolicy.parse(await getSessionPolicy({ ctx: spaceCtx(c) })), 200),
  )
  .openapi(guarded(routes.saveSessionPolicy, admin), async (c) => {
    const saved = await saveSessionPolicy({ ctx: spaceCtx(c), input: c.req.valid("json") });
    return c.json(SessionPolicy.parse(saved), 200);
  })
  .openapi(routes.getLocationConsent, async (c) => {
    const input = { location_uuid: c.req.valid("param").loc };
    return c.json(LocationConsent.parse(await getLocationConsent({ ctx: spaceCtx(c), input })), 200);
  })
  .openapi(guarded(routes.saveLocationConsent, admin), async (c) => {
    const input = { ...c.req.valid("json"), location_uuid: c.req.valid("param").loc };
    return c.json(LocationConsent.parse(await saveLocationConsent({ ctx: spaceCtx(c), input })), 200);
  })
  .openapi(guarded(routes.listRecordings, admin), async (c) => {
    const ctx = spaceCtx(c);
    // Retention is applied as the list is read: what an Admin sees is within it.
    await pruneRecordings(ctx.env, ctx.space.space_uuid, new Date());
    return c.json(RecordingList.parse(await listRecordings({ ctx, input: c.req.valid("query") })), 200);
  })
  .openapi(guarded(routes.getRecording, admin), async (c) => {
    const { row, body, done } = await readRecording({
      ctx: spaceCtx(c),
      input: { session: c.req.valid("param").session },
    });
    c.executionCtx.waitUntil(done.catch(() => undefined));
    return c.body(body, 200, {
      "Content-Type": row.kind === "terminal" ? "application/x-asciicast" : "application/octet-stream",
      "Content-Disposition": `inline; filename="${row.session}.${row.kind === "terminal" ? "cast" : "rfb"}"`,
      "Cache-Control": "private, no-store",
    });
  })
  .openapi(guarded(routes.deleteRecording, admin), async (c) => {
    await deleteRecording({ ctx: spaceCtx(c), input: { session: c.req.valid("param").session } });
    return c.body(null, 204);
  });
