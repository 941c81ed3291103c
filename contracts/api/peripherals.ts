import { ApiErrorBody } from "../errors.ts";
import {
  ApplicationList,
  DisplayConfiguration,
  DisplayConfigurationInput,
  DisplayConfigurationSaved,
  DisplayDetectionResult,
  PeripheralDetectionResult,
} from "../peripheral-config.ts";
import { DeviceParam } from "./devices.ts";
import { agentErrors } from "./remote-actions.ts";
import { commonErrors, defineRoute, jsonBody, jsonResponse } from "./route.ts";

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

export const detectDisplays = defineRoute({
  method: "post",
  path: "/space/{space}/device/{uuid}/peripherals/display/detection",
  summary: "Ask the agent which displays are attached; Content Manager or Admin",
  tags,
  request: { params: DeviceParam },
  responses: { 200: jsonResponse(DisplayDetectionResult), ...commonErrors, ...agentErrors },
});

export const detectPeripherals = defineRoute({
  method: "post",
  path: "/space/{space}/device/{uuid}/peripherals/detection",
  summary: "Ask the agent which peripherals are attached (Detect misc.); Content Manager or Admin",
  tags,
  request: { params: DeviceParam },
  responses: { 200: jsonResponse(PeripheralDetectionResult), ...commonErrors, ...agentErrors },
});

export const listApplications = defineRoute({
  method: "get",
  path: "/space/{space}/device/{uuid}/application/items",
  summary: "The applications a display of this device can show",
  tags,
  request: { params: DeviceParam },
  responses: { 200: jsonResponse(ApplicationList), ...commonErrors },
});
