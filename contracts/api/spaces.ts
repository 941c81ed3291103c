import { ApiErrorBody } from "../errors.ts";
import { CountryList, LocationTypeList } from "../location.ts";
import { RoomTicketInput, RoomTicketReply } from "../room-ticket.ts";
import { RoleList, Space, SpacePatch } from "../space.ts";
import { commonErrors, defineRoute, jsonBody, jsonResponse, SpaceParam } from "./route.ts";

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
  responses: {
    200: jsonResponse(Space),
    ...commonErrors,
    415: jsonResponse(ApiErrorBody, "The body is not sent as JSON"),
  },
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

/** GET /location-type/items/: the global location types, for any signed-in user. */
export const listLocationTypes = defineRoute({
  method: "get",
  path: "/location-type/items",
  summary: "The location types (global reference list)",
  tags: referenceTags,
  responses: { 200: jsonResponse(LocationTypeList), 401: commonErrors[401] },
});

/** GET /country/items/: the global country list, for any signed-in user. */
export const listCountries = defineRoute({
  method: "get",
  path: "/country/items",
  summary: "The countries (global reference list)",
  tags: referenceTags,
  responses: { 200: jsonResponse(CountryList), 401: commonErrors[401] },
});

/** GET /space/{space}/location-type/items/: the location types, under a space. */
export const listSpaceLocationTypes = defineRoute({
  method: "get",
  path: "/space/{space}/location-type/items",
  summary: "The location types (the global list, for a member of the space)",
  tags: referenceTags,
  request: { params: SpaceParam },
  responses: { 200: jsonResponse(LocationTypeList), ...commonErrors },
});

/** GET /space/{space}/location/country/items/: the countries, under a space. */
export const listSpaceCountries = defineRoute({
  method: "get",
  path: "/space/{space}/location/country/items",
  summary: "The countries (the global list, for a member of the space)",
  tags: referenceTags,
  request: { params: SpaceParam },
  responses: { 200: jsonResponse(CountryList), ...commonErrors },
});

/** POST /space/{space}/room-ticket/: a single-use ticket to join one of the space's rooms. */
export const issueRoomTicket = defineRoute({
  method: "post",
  path: "/space/{space}/room-ticket",
  summary: "A single-use ticket for a room of the space (space/, location/ or device/{uuid}); any member",
  tags: ["Rooms"],
  request: { params: SpaceParam, body: jsonBody(RoomTicketInput) },
  responses: {
    201: jsonResponse(RoomTicketReply, "The ticket (Cache-Control: no-store)"),
    ...commonErrors,
    415: jsonResponse(ApiErrorBody, "The body is not sent as JSON"),
  },
});
