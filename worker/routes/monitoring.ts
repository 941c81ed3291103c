import { Hono } from "hono";
import { MonitoringCounts, MonitoringList, MonitoringQuery } from "../../contracts/monitoring.ts";
import type { AppEnv } from "../env.ts";
import { validateInput } from "../lib/validate-input.ts";
import { spaceCtx } from "../middleware/space.ts";
import { countMonitoring } from "../services/monitoring/counts.ts";
import { listMonitoredDevices } from "../services/monitoring/list.ts";

const CountsQuery = MonitoringQuery.omit({ page: true, page_size: true });

/** /api/space/{space}/monitoring/… (console.md §2.11, §4, §7.3): the performance list and its health counts; any member reads. */
export const monitoringRoutes = new Hono<AppEnv>({ strict: false })
  .get("/monitoring/device/items", validateInput("query", MonitoringQuery), async (c) => {
    const input = { ...c.req.valid("query"), url: c.req.url };
    return c.json(MonitoringList.parse(await listMonitoredDevices({ ctx: spaceCtx(c), input })));
  })
  .get("/monitoring/counts", validateInput("query", CountsQuery), async (c) =>
    c.json(MonitoringCounts.parse(await countMonitoring({ ctx: spaceCtx(c), input: c.req.valid("query") }))),
  );
