import {
  countMonitoring as countMonitoringRoute,
  listMonitoredDevices as listRoute,
} from "../../contracts/monitoring/routes.ts";
import { MonitoringCounts, MonitoringList } from "../../contracts/monitoring/schema.ts";
import { openApiRouter } from "../lib/openapi.ts";
import { spaceCtx } from "../middleware/space.ts";
import { countMonitoring } from "../services/monitoring/counts.ts";
import { listMonitoredDevices } from "../services/monitoring/list.ts";

/** /api/space/{space}/monitoring/… (console.md §2.11, §4, §7.3): the performance list and its health counts; any member reads. */
export const monitoringRoutes = openApiRouter()
  .openapi(listRoute, async (c) => {
    const input = { ...c.req.valid("query"), url: c.req.url };
    return c.json(MonitoringList.parse(await listMonitoredDevices({ ctx: spaceCtx(c), input })), 200);
  })
  .openapi(countMonitoringRoute, async (c) =>
    c.json(MonitoringCounts.parse(await countMonitoring({ ctx: spaceCtx(c), input: c.req.valid("query") })), 200),
  );
