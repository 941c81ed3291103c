import { CommandList, CommandPurgeResult, CommandRecord } from "../../contracts/commands/queue.ts";
import {
  cancelCommand as cancelCommandRoute,
  getCommand as getCommandRoute,
  listCommands as listCommandsRoute,
  purgeCommands as purgeCommandsRoute,
  queueCommand as queueCommandRoute,
} from "../../contracts/commands/routes.ts";
import { guarded, openApiRouter } from "../lib/openapi.ts";
import { requireRole, spaceCtx } from "../middleware/space.ts";
import { cancelCommand, getCommand, listCommands, purgeCommands, queueCommand } from "../services/commands/queue.ts";

const writer = requireRole("content_manager");

/**
 * A device's commands and its queue under /space/{space}/device/{uuid}/command/:
 * members read them; Content Managers and Admins queue, cancel and purge.
 */
export const commandRoutes = openApiRouter()
  .openapi(listCommandsRoute, async (c) => {
    const input = { uuid: c.req.valid("param").uuid };
    return c.json(CommandList.parse(await listCommands({ ctx: spaceCtx(c), input })), 200);
  })
  .openapi(guarded(queueCommandRoute, writer), async (c) => {
    const input = { uuid: c.req.valid("param").uuid, ...c.req.valid("json") };
    const { record, created } = await queueCommand({ ctx: spaceCtx(c), input });
    return created ? c.json(CommandRecord.parse(record), 202) : c.json(CommandRecord.parse(record), 200);
  })
  .openapi(guarded(purgeCommandsRoute, writer), async (c) => {
    const input = { uuid: c.req.valid("param").uuid };
    return c.json(CommandPurgeResult.parse(await purgeCommands({ ctx: spaceCtx(c), input })), 200);
  })
  .openapi(getCommandRoute, async (c) => {
    const { uuid, id } = c.req.valid("param");
    return c.json(CommandRecord.parse(await getCommand({ ctx: spaceCtx(c), input: { uuid, id } })), 200);
  })
  .openapi(guarded(cancelCommandRoute, writer), async (c) => {
    const { uuid, id } = c.req.valid("param");
    return c.json(CommandRecord.parse(await cancelCommand({ ctx: spaceCtx(c), input: { uuid, id } })), 200);
  });
