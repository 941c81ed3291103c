import type { z } from "zod";
import { RoomTicketInput, RoomTicketReply } from "../access/room-ticket.ts";
import { bodyErrors, commonErrors, defineRoute, jsonBody, jsonResponse, SpaceParam } from "../http/route.ts";
import { CountryList, LocationTypeList } from "../locations/schema.ts";
import { RoleList, Space, SpacePatch } from "./schema.ts";

const tags = ["Space"];
const referenceTags = ["Reference data"];

/** GET /space/{space}/: the space's timezone and custom-field settings. */
export const getSpace = defineRoute({
  method: "get",
  path: "/space/{space}",
  summary: "The space: timezone and location custom-field settings",
  tags,
  request: { params: SpaceParam },
  responses: { 200: jsonResponse(Space), ...commonErrors },
});

/** PATCH /space/{space}/: the custom-field settings (Admin). */
export const updateSpace = defineRoute({
  method: "patch",
  path: "/space/{space}",
  summary: "Change the location custom-field settings (unknown keys are refused); Admin",
  tags,
  request: { params: SpaceParam, body: jsonBody(SpacePatch) },
  responses: { 200: jsonResponse(Space), ...bodyErrors },
});

/** GET /space/{space}/role/items/: Admin, Content Manager, Viewer. */
export const listRoles = defineRoute({
  method: "get",
  path: "/space/{space}/role/items",
  summary: "The roles a member can have",
  tags,
  request: { params: SpaceParam },
  responses: { 200: jsonResponse(RoleList), ...commonErrors },
});

/**
 * A global reference list: at `path` for any signed-in user, and again at `spacePath` for a member
 * of a space (the same reply; the space's errors).
 */
function referenceList<S extends z.ZodType>(reply: S, of: string, path: string, spacePath: string) {
  return {
    global: defineRoute({
      method: "get",
      path,
      summary: `${of} (global reference list)`,
      tags: referenceTags,
      responses: { 200: jsonResponse(reply), 401: commonErrors[401] },
    }),
    inSpace: defineRoute({
      method: "get",
      path: spacePath,
      summary: `${of} (the global list, for a member of the space)`,
      tags: referenceTags,
      request: { params: SpaceParam },
      responses: { 200: jsonResponse(reply), ...commonErrors },
    }),
  };
}

/**
 * GET /location-type/items/ (the global location types, for any signed-in user) and
 * GET /space/{space}/location-type/items/ (the same, under a space).
 */
export const { global: listLocationTypes, inSpace: listSpaceLocationTypes } = referenceList(
  LocationTypeList,
  "The location types",
  "/location-type/items",
  "/space/{space}/location-type/items",
);

/**
 * GET /country/items/ (the global country list, for any signed-in user) and
 * GET /space/{space}/location/country/items/ (the same, under a space).
 */
export const { global: listCountries, inSpace: listSpaceCountries } = referenceList(
  CountryList,
  "The countries",
  "/country/items",
  "/space/{space}/location/country/items",
);

/** POST /space/{space}/room-ticket/: a single-use ticket to join one of the space's rooms. */
export const issueRoomTicket = defineRoute({
  method: "post",
  path: "/space/{space}/room-ticket",
  summary: "A single-use ticket for a room of the space (space/, location/ or device/{uuid}); any member",
  tags: ["Rooms"],
  request: { params: SpaceParam, body: jsonBody(RoomTicketInput) },
  responses: { 201: jsonResponse(RoomTicketReply, "The ticket (Cache-Control: no-store)"), ...bodyErrors },
});
