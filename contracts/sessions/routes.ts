import { z } from "zod";
import {
  bodyErrors,
  commonErrors,
  defineRoute,
  deleteRoute,
  fileResponse,
  jsonBody,
  jsonResponse,
  SpaceParam,
} from "../http/route.ts";
import { LocationParam } from "../locations/routes.ts";
import { LocationConsent, RecordingList, SessionPolicy } from "./schema.ts";

const tags = ["Remote sessions"];

export const getSessionPolicy = defineRoute({
  method: "get",
  path: "/space/{space}/session-policy",
  summary: "The space's remote-session rights per role and recording settings",
  tags,
  request: { params: SpaceParam },
  responses: { 200: jsonResponse(SessionPolicy), ...commonErrors },
});

export const saveSessionPolicy = defineRoute({
  method: "put",
  path: "/space/{space}/session-policy",
  summary: "Save the space's remote-session rights and recording settings; Admin",
  tags,
  request: { params: SpaceParam, body: jsonBody(SessionPolicy) },
  responses: { 200: jsonResponse(SessionPolicy, "The saved policy"), ...bodyErrors },
});

export const getLocationConsent = defineRoute({
  method: "get",
  path: "/space/{space}/location/{loc}/session-consent",
  summary: "A location's consent prompt for remote sessions",
  tags,
  request: { params: LocationParam },
  responses: { 200: jsonResponse(LocationConsent), ...commonErrors },
});

export const saveLocationConsent = defineRoute({
  method: "put",
  path: "/space/{space}/location/{loc}/session-consent",
  summary: "Save a location's consent prompt for remote sessions; Admin",
  tags,
  request: { params: LocationParam, body: jsonBody(LocationConsent) },
  responses: { 200: jsonResponse(LocationConsent, "The saved consent settings"), ...bodyErrors },
});

export const RecordingQuery = z.object({ device_uuid: z.uuid().optional() });
export const RecordingParam = SpaceParam.extend({ session: z.uuid().meta({ description: "The session's id" }) });

export const listRecordings = defineRoute({
  method: "get",
  path: "/space/{space}/recording/items",
  summary: "The space's session recordings, newest first (at most 200); Admin",
  tags,
  request: { params: SpaceParam, query: RecordingQuery },
  responses: { 200: jsonResponse(RecordingList), ...commonErrors },
});

export const getRecording = defineRoute({
  method: "get",
  path: "/space/{space}/recording/{session}",
  summary: "A recording: asciicast v2 for a terminal, the framed RFB stream for a desktop; Admin",
  tags,
  request: { params: RecordingParam },
  responses: { 200: fileResponse("application/x-asciicast", "The recording"), ...commonErrors },
});

export const deleteRecording = deleteRoute({
  path: "/space/{space}/recording/{session}",
  summary: "Delete a recording (audited); Admin",
  tags,
  params: RecordingParam,
});
