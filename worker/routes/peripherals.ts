import { Hono } from "hono";
import {
  ApplicationList,
  DisplayConfiguration,
  DisplayConfigurationInput,
  DisplayConfigurationSaved,
  DisplayDetectionResult,
  PeripheralDetectionResult,
} from "../../contracts/peripheral-config.ts";
import type { AppEnv } from "../env.ts";
import { deferTo } from "../lib/defer.ts";
import { validateInput } from "../lib/validate-input.ts";
import { requireRole, spaceCtx } from "../middleware/space.ts";
import { detectDisplays } from "../services/detection/displays.ts";
import { detectPeripherals, listApplications } from "../services/detection/peripherals.ts";
import { getDisplayConfiguration, saveDisplayConfiguration } from "../services/peripherals/display-config.ts";

const writer = requireRole("content_manager");

/**
 * The Peripherals tab (contracts/peripheral-config.ts; devices.md §2, §4, §6, §7): the display
 * configuration (members read, writers save), display and misc detection through the agent
 * (writers) and the applications a display can show (members).
 */
export const peripheralRoutes = new Hono<AppEnv>({ strict: false })
  .get("/device/:uuid/peripherals/display/configuration", async (c) => {
    const config = await getDisplayConfiguration({ ctx: spaceCtx(c), input: { uuid: c.req.param("uuid") } });
    return c.json(DisplayConfiguration.parse(config));
  })
  .post(
    "/device/:uuid/peripherals/display/configuration",
    writer,
    validateInput("json", DisplayConfigurationInput),
    async (c) => {
      const input = { uuid: c.req.param("uuid"), ...c.req.valid("json") };
      const saved = await saveDisplayConfiguration({ ctx: spaceCtx(c), input, defer: deferTo(c) });
      return c.json(DisplayConfigurationSaved.parse(saved));
    },
  )
  .post("/device/:uuid/peripherals/display/detection", writer, async (c) => {
    const input = { uuid: c.req.param("uuid") };
    return c.json(DisplayDetectionResult.parse(await detectDisplays({ ctx: spaceCtx(c), input, defer: deferTo(c) })));
  })
  .post("/device/:uuid/peripherals/detection", writer, async (c) => {
    const input = { uuid: c.req.param("uuid") };
    const result = await detectPeripherals({ ctx: spaceCtx(c), input, defer: deferTo(c) });
    return c.json(PeripheralDetectionResult.parse(result));
  })
  .get("/device/:uuid/application/items", async (c) => {
    const list = await listApplications({ ctx: spaceCtx(c), input: { uuid: c.req.param("uuid") } });
    return c.json(ApplicationList.parse(list));
  });
