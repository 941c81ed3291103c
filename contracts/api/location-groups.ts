import { z } from "zod";
import { ApiErrorBody } from "../errors.ts";
import {
  LocationGroup,
  LocationGroupAddInput,
  LocationGroupList,
  LocationGroupPatch,
  LocationGroupQuery,
} from "../location-group.ts";
import { commonErrors, defineRoute, fileResponse, jsonBody, jsonResponse, noContent, SpaceParam } from "./route.ts";

const tags = ["Location groups"];

/** Path parameters of the routes of one location group. */
export const LocationGroupParam = SpaceParam.extend({
  uuid: z.string().meta({ description: "The location group's uuid" }),
});

const notJson = jsonResponse(ApiErrorBody, "The body is not sent as JSON");

export const exportLocationGroups = defineRoute({
  method: "get",
  path: "/space/{space}/location-group/items/export",
  summary: "The filtered location groups as CSV (location_groups_export.csv; paging is ignored)",
  tags,
  request: { params: SpaceParam, query: LocationGroupQuery },
  responses: { 200: fileResponse("text/csv", "location_groups_export.csv"), ...commonErrors },
});

export const listLocationGroups = defineRoute({
  method: "get",
  path: "/space/{space}/location-group/items",
  summary: "The space's location groups, searched, ordered and paged",
  tags,
  request: { params: SpaceParam, query: LocationGroupQuery },
  responses: { 200: jsonResponse(LocationGroupList), ...commonErrors },
});

export const addLocationGroup = defineRoute({
  method: "post",
  path: "/space/{space}/location-group/add",
  summary: "Add a location group with its locations; Content Manager or Admin",
  tags,
  request: { params: SpaceParam, body: jsonBody(LocationGroupAddInput) },
  responses: { 201: jsonResponse(LocationGroup, "The new group"), ...commonErrors, 415: notJson },
});

export const getLocationGroup = defineRoute({
  method: "get",
  path: "/space/{space}/location-group/{uuid}",
  summary: "One location group with its locations",
  tags,
  request: { params: LocationGroupParam },
  responses: { 200: jsonResponse(LocationGroup), ...commonErrors },
});

export const editLocationGroup = defineRoute({
  method: "patch",
  path: "/space/{space}/location-group/{uuid}",
  summary: "Change a location group (location_uuids, when sent, replaces its locations); Content Manager or Admin",
  tags,
  request: { params: LocationGroupParam, body: jsonBody(LocationGroupPatch) },
  responses: { 200: jsonResponse(LocationGroup, "The changed group"), ...commonErrors, 415: notJson },
});

export const deleteLocationGroup = defineRoute({
  method: "delete",
  path: "/space/{space}/location-group/{uuid}",
  summary: "Delete a location group (its locations stay); Content Manager or Admin",
  tags,
  request: { params: LocationGroupParam },
  responses: { 204: noContent, ...commonErrors },
});
