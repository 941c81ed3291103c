import { z } from "zod";
import { DeviceParam } from "../devices/routes.ts";
import { ApiErrorBody } from "../http/errors.ts";
import { commonErrors, defineRoute, jsonBody, jsonResponse } from "../http/route.ts";
import { CommandList, CommandPurgeResult, CommandQueueInput, CommandRecord } from "./queue.ts";

const tags = ["Commands"];
const CommandParam = DeviceParam.extend({
  id: z.string().min(1).max(128).meta({ description: "The command's id (its request_id)" }),
});

/** The device's commands, newest first (at most 200): the Commands tab. Members of the space. */
export const listCommands = defineRoute({
  method: "get",
  path: "/space/{space}/device/{uuid}/command/items",
  summary: "The device's commands and their states, newest first",
  tags,
  request: { params: DeviceParam },
  responses: { 200: jsonResponse(CommandList), ...commonErrors },
});

/** One command: where an outcome_unknown reply's status_url points. Members of the space. */
export const getCommand = defineRoute({
  method: "get",
  path: "/space/{space}/device/{uuid}/command/{id}",
  summary: "One command's state and outcome (updated when a late answer arrives)",
  tags,
  request: { params: CommandParam },
  responses: { 200: jsonResponse(CommandRecord), ...commonErrors },
});

/**
 * Queue a command for the device, online or not (delivered in order when it is connected, until
 * its TTL). A request_id already used answers the existing command. Content Manager or Admin;
 * power actions also need what the direct route needs.
 */
export const queueCommand = defineRoute({
  method: "post",
  path: "/space/{space}/device/{uuid}/command/add",
  summary: "Queue a command for a device that may be offline (TTL default 24 h, max 7 d; supersede_key)",
  tags,
  request: { params: DeviceParam, body: jsonBody(CommandQueueInput) },
  responses: {
    200: jsonResponse(CommandRecord, "The command this request_id already queued"),
    202: jsonResponse(CommandRecord, "Queued"),
    ...commonErrors,
    415: jsonResponse(ApiErrorBody, "The body is not sent as JSON"),
  },
});

/** Cancel a queued command; 409 once it was delivered. Content Manager or Admin. */
export const cancelCommand = defineRoute({
  method: "post",
  path: "/space/{space}/device/{uuid}/command/{id}/cancel",
  summary: "Cancel a queued command (409 when it was already delivered)",
  tags,
  request: { params: CommandParam },
  responses: {
    200: jsonResponse(CommandRecord, "Cancelled"),
    ...commonErrors,
    409: jsonResponse(ApiErrorBody, "Already delivered: it cannot be cancelled"),
  },
});

/** Cancel every queued command of the device. Content Manager or Admin. */
export const purgeCommands = defineRoute({
  method: "post",
  path: "/space/{space}/device/{uuid}/command/purge",
  summary: "Cancel every queued (not yet delivered) command of the device",
  tags,
  request: { params: DeviceParam },
  responses: { 200: jsonResponse(CommandPurgeResult), ...commonErrors },
});

/** The reply of a command route when the device took the command but its answer did not come back. */
export const outcomeUnknown = {
  504: jsonResponse(
    ApiErrorBody,
    "outcome_unknown: the device received the command but its answer has not arrived (command_id, status_url)",
  ),
} as const;
