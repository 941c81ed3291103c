import type { z } from "zod";
import { DeviceParam } from "../devices/routes.ts";
import { ApiErrorBody } from "../http/errors.ts";
import { commonErrors, defineRoute, jsonBody, jsonResponse } from "../http/route.ts";
import { agentReply } from "../remote-actions/routes.ts";
import {
  ApplicationList,
  DisplayConfiguration,
  DisplayConfigurationInput,
  DisplayConfigurationSaved,
  DisplayDetectionResult,
  PeripheralDetectionResult,
} from "./schema.ts";

const tags = ["Peripherals"];

export const getDisplayConfiguration = defineRoute({
  method: "get",
  path: "/space/{space}/device/{uuid}/peripherals/display/configuration",
  summary: "The device's displays with their configuration (devices.md §4 Displays)",
  tags,
  request: { params: DeviceParam },
  responses: { 200: jsonResponse(DisplayConfiguration), ...commonErrors },
});

export const saveDisplayConfiguration = defineRoute({
  method: "post",
  path: "/space/{space}/device/{uuid}/peripherals/display/configuration",
  summary:
    "Save the configuration of every display and send it to the agent (`applied` false: stored for an offline device); Content Manager or Admin",
  tags,
  request: { params: DeviceParam, body: jsonBody(DisplayConfigurationInput) },
  responses: {
    200: jsonResponse(DisplayConfigurationSaved),
    ...commonErrors,
    409: jsonResponse(ApiErrorBody, "The device is in demo mode"),
    502: jsonResponse(ApiErrorBody, "The agent failed to apply it"),
  },
});

/** POST …/device/{uuid}/{path}: ask the agent what is attached; Content Manager or Admin. */
const detection = <const Path extends string, S extends z.ZodType>(path: Path, what: string, reply: S) =>
  defineRoute({
    method: "post",
    path: `/space/{space}/device/{uuid}/${path}`,
    summary: `Ask the agent which ${what}; Content Manager or Admin`,
    tags,
    request: { params: DeviceParam },
    responses: agentReply(reply),
  });

export const detectDisplays = detection(
  "peripherals/display/detection",
  "displays are attached",
  DisplayDetectionResult,
);

export const detectPeripherals = detection(
  "peripherals/detection",
  "peripherals are attached (Detect misc.)",
  PeripheralDetectionResult,
);

export const listApplications = defineRoute({
  method: "get",
  path: "/space/{space}/device/{uuid}/application/items",
  summary: "The applications a display of this device can show",
  tags,
  request: { params: DeviceParam },
  responses: { 200: jsonResponse(ApplicationList), ...commonErrors },
});
