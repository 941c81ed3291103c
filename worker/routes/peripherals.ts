import {
  detectDisplays as detectDisplaysRoute,
  detectPeripherals as detectPeripheralsRoute,
  getDisplayConfiguration as getDisplayConfigurationRoute,
  listApplications as listApplicationsRoute,
  saveDisplayConfiguration as saveDisplayConfigurationRoute,
} from "../../contracts/peripherals/routes.ts";
import {
  ApplicationList,
  DisplayConfiguration,
  DisplayConfigurationSaved,
  DisplayDetectionResult,
  PeripheralDetectionResult,
} from "../../contracts/peripherals/schema.ts";
import { deferTo } from "../lib/defer.ts";
import { guarded, openApiRouter } from "../lib/openapi.ts";
import { requireRole, spaceCtx } from "../middleware/space.ts";
import { detectDisplays } from "../services/detection/displays.ts";
import { detectPeripherals, listApplications } from "../services/detection/peripherals.ts";
import { getDisplayConfiguration, saveDisplayConfiguration } from "../services/peripherals/display-config.ts";

const writer = requireRole("content_manager");

/**
 * The Peripherals tab (contracts/peripherals/schema.ts; devices.md §2, §4, §6, §7): the display
 * configuration (members read, writers save), display and misc detection through the agent
 * (writers) and the applications a display can show (members).
 */
export const peripheralRoutes = openApiRouter()
  .openapi(getDisplayConfigurationRoute, async (c) => {
    const config = await getDisplayConfiguration({ ctx: spaceCtx(c), input: { uuid: c.req.valid("param").uuid } });
    return c.json(DisplayConfiguration.parse(config), 200);
  })
  .openapi(guarded(saveDisplayConfigurationRoute, writer), async (c) => {
    const input = { uuid: c.req.valid("param").uuid, ...c.req.valid("json") };
    const saved = await saveDisplayConfiguration({ ctx: spaceCtx(c), input, defer: deferTo(c) });
    return c.json(DisplayConfigurationSaved.parse(saved), 200);
  })
  .openapi(guarded(detectDisplaysRoute, writer), async (c) => {
    const input = { uuid: c.req.valid("param").uuid };
    const result = await detectDisplays({ ctx: spaceCtx(c), input, defer: deferTo(c) });
    return c.json(DisplayDetectionResult.parse(result), 200);
  })
  .openapi(guarded(detectPeripheralsRoute, writer), async (c) => {
    const input = { uuid: c.req.valid("param").uuid };
    const result = await detectPeripherals({ ctx: spaceCtx(c), input, defer: deferTo(c) });
    return c.json(PeripheralDetectionResult.parse(result), 200);
  })
  .openapi(listApplicationsRoute, async (c) => {
    const list = await listApplications({ ctx: spaceCtx(c), input: { uuid: c.req.valid("param").uuid } });
    return c.json(ApplicationList.parse(list), 200);
  });
