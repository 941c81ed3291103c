import { z } from "zod";
import {
  bodyErrors,
  commonErrors,
  defineRoute,
  deleteRoute,
  jsonBody,
  jsonResponse,
  listWithExport,
  SpaceParam,
} from "../http/route.ts";
import {
  LocationGroup,
  LocationGroupAddInput,
  LocationGroupList,
  LocationGroupPatch,
  LocationGroupQuery,
} from "./schema.ts";

const tags = ["Location groups"];

/** Path parameters of the routes of one location group. */
export const LocationGroupParam = SpaceParam.extend({
  uuid: z.string().meta({ description: "The location group's uuid" }),
});

export const { list: listLocationGroups, csv: exportLocationGroups } = listWithExport(
  {
    path: "/space/{space}/location-group/items",
    summary: "The space's location groups, searched, ordered and paged",
    tags,
    params: SpaceParam,
    query: LocationGroupQuery,
    reply: LocationGroupList,
  },
  {
    name: "location_groups_export.csv",
    summary: "The filtered location groups as CSV (location_groups_export.csv; paging is ignored)",
  },
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

export const deleteLocationGroup = deleteRoute({
  path: "/space/{space}/location-group/{uuid}",
  summary: "Delete a location group (its locations stay); Content Manager or Admin",
  tags,
  params: LocationGroupParam,
});
