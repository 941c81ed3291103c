import { bodyErrors, defineRoute, jsonBody, jsonResponse, SpaceParam } from "../http/route.ts";
import { AccountBulkInput, AccountBulkReply, DeviceBulkInput, DeviceBulkReply } from "./schema.ts";

export const bulkDevices = defineRoute({
  method: "post",
  path: "/space/{space}/devices/bulk",
  summary:
    "Run one action (reboot, enable, disable, add/remove tag, move to location, archive) on many devices, listed or matching the list's filter; answered per device; Content Manager or Admin",
  tags: ["Devices"],
  request: { params: SpaceParam, body: jsonBody(DeviceBulkInput) },
  responses: { 200: jsonResponse(DeviceBulkReply), ...bodyErrors },
});

export const bulkAccounts = defineRoute({
  method: "post",
  path: "/space/{space}/accounts/bulk",
  summary: "Change the role of, or disable, many accounts; answered per account; Admin",
  tags: ["Accounts"],
  request: { params: SpaceParam, body: jsonBody(AccountBulkInput) },
  responses: { 200: jsonResponse(AccountBulkReply), ...bodyErrors },
});
