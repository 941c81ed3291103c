import { z } from "zod";
import {
  LocationGroup,
  LocationGroupAddInput,
  LocationGroupList,
  LocationGroupPatch,
  LocationGroupQuery,
} from "../location-group.ts";
import {
  bodyErrors,
  commonErrors,
  csvExportOf,
  defineRoute,
  jsonBody,
  jsonResponse,
  noContent,
  SpaceParam,
} from "./route.ts";

const tags = ["Location groups"];

/** Path parameters of the routes of one location group. */
export const LocationGroupParam = SpaceParam.extend({
  uuid: z.string().meta({ description: "The location group's uuid" }),
});

export const listLocationGroups = defineRoute({
  method: "get",
  path: "/space/{space}/location-group/items",
  summary: "The space's location groups, searched, ordered and paged",
  tags,
  request: { params: SpaceParam, query: LocationGroupQuery },
  responses: { 200: jsonResponse(LocationGroupList), ...commonErrors },
});

export const exportLocationGroups = csvExportOf(
  listLocationGroups,
  "location_groups_export.csv",
  "The filtered location groups as CSV (location_groups_export.csv; paging is ignored)",
);

export const addLocationGroup = defineRoute({
  method: "post",
  path: "/space/{space}/location-group/add",
  summary: "Add a location group with its locations; Content Manager or Admin",
  tags,
  request: { params: SpaceParam, body: jsonBody(LocationGroupAddInput) },
  responses: { 201: jsonResponse(LocationGroup, "The new group"), ...bodyErrors },
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
  responses: { 200: jsonResponse(LocationGroup, "The changed group"), ...bodyErrors },
});

export const deleteLocationGroup = defineRoute({
  method: "delete",
  path: "/space/{space}/location-group/{uuid}",
  summary: "Delete a location group (its locations stay); Content Manager or Admin",
  tags,
  request: { params: LocationGroupParam },
  responses: { 204: noContent, ...commonErrors },
});
