import { z } from "zod";
import {
  bodyErrors,
  commonErrors,
  defineRoute,
  fileResponse,
  jsonBody,
  jsonResponse,
  SpaceParam,
} from "../http/route.ts";
import { agentErrors } from "../remote-actions/routes.ts";
import {
  CAMERA_SNAPSHOT_FILE,
  CameraConnectionTestInput,
  CameraConnectionTestResult,
  CameraSaved,
  CameraSnapshotResult,
  CameraUpdateInput,
} from "./schema.ts";

const tags = ["Cameras"];

/** /space/{space}/location/{loc}/camera/{camera}: an IP camera of a location (its camera uuid). */
export const CameraParam = SpaceParam.extend({
  loc: z.string().meta({ description: "The location's uuid" }),
  camera: z.string().meta({ description: "The camera's uuid (camera.uuid of the camera-type device)" }),
});

export const cameraConnectionTest = defineRoute({
  method: "post",
  path: "/space/{space}/location/{loc}/camera/{camera}/connection-test",
  summary:
    "Check the camera's HTTP and RTSP ports with the given fields, through a runner device of its location (503 'Device has no app runners available' when none is online); Content Manager or Admin",
  tags,
  request: { params: CameraParam, body: jsonBody(CameraConnectionTestInput) },
  responses: { 200: jsonResponse(CameraConnectionTestResult), ...bodyErrors, ...agentErrors },
});

export const updateCamera = defineRoute({
  method: "patch",
  path: "/space/{space}/location/{loc}/camera/{camera}",
  summary: "Save the camera's connection fields (an empty password keeps the stored one); Content Manager or Admin",
  tags,
  request: { params: CameraParam, body: jsonBody(CameraUpdateInput) },
  responses: { 200: jsonResponse(CameraSaved, "The saved settings (never the password)"), ...bodyErrors },
});

export const takeCameraSnapshot = defineRoute({
  method: "post",
  path: "/space/{space}/location/{loc}/camera/{camera}/snapshot",
  summary:
    "Fetch a snapshot of the camera through a runner device of its location into storage; the reply says where it is. Content Manager or Admin",
  tags,
  request: { params: CameraParam },
  responses: { 200: jsonResponse(CameraSnapshotResult), ...commonErrors, ...agentErrors },
});

export const getCameraSnapshot = defineRoute({
  method: "get",
  path: "/space/{space}/location/{loc}/camera/{camera}/snapshot/{shot}",
  summary: "A camera snapshot (`{id}.jpg`, or `latest.jpg` for the newest), as JPEG",
  tags,
  request: {
    params: CameraParam.extend({
      shot: z.string().regex(CAMERA_SNAPSHOT_FILE).meta({ description: "`{id}.jpg` or `latest.jpg`" }),
    }),
  },
  responses: { 200: fileResponse("image/jpeg", "The snapshot"), ...commonErrors },
});
