import { commonErrors, defineRoute, jsonResponse, SpaceParam } from "../http/route.ts";
import { MonitoringCounts, MonitoringList, MonitoringQuery } from "./schema.ts";

const tags = ["Monitoring"];

/** The monitoring filters without paging: the counts cover every matching device. */
export const MonitoringCountsQuery = MonitoringQuery.omit({ page: true, page_size: true });

/** GET /space/{space}/monitoring/device/items/: the performance list, 36 a page. */
export const listMonitoredDevices = defineRoute({
  method: "get",
  path: "/space/{space}/monitoring/device/items",
  summary: "A page of the performance list: devices with every condition and their peripherals' statuses",
  tags,
  request: { params: SpaceParam, query: MonitoringQuery },
  responses: { 200: jsonResponse(MonitoringList), ...commonErrors },
});

/** GET /space/{space}/monitoring/counts/: the health counts for the same filters. */
export const countMonitoring = defineRoute({
  method: "get",
  path: "/space/{space}/monitoring/counts",
  summary: "The health counts per heading and condition for the list's filters",
  tags,
  request: { params: SpaceParam, query: MonitoringCountsQuery },
  responses: { 200: jsonResponse(MonitoringCounts), ...commonErrors },
});
