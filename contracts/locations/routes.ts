import { z } from "zod";
import { ApiErrorBody } from "../http/errors.ts";
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
import { CameraList, DeviceLocationQuery, LocationDeviceList, LocationDeviceQuery } from "./assets.ts";
import { Location, LocationAddInput, LocationEditInput, LocationList, LocationListQuery } from "./schema.ts";
import { WorkingTime, WorkingTimeInput } from "./working-time.ts";

const tags = ["Locations"];

/** Path parameters of the routes of one location. */
export const LocationParam = SpaceParam.extend({ loc: z.string().meta({ description: "The location's uuid" }) });

const displayIdTaken = jsonResponse(ApiErrorBody, "Another location of the space has this display id");

export const { list: listLocations, csv: exportLocations } = listWithExport(
  {
    path: "/space/{space}/location/items",
    summary: "The space's locations, filtered, ordered and paged",
    tags,
    params: SpaceParam,
    query: LocationListQuery,
    reply: LocationList,
  },
  { name: "locations_export.csv", summary: "The filtered locations as CSV (locations_export.csv; paging is ignored)" },
);

export const addLocation = defineRoute({
  method: "post",
  path: "/space/{space}/location/add",
  summary: "Add a location; Content Manager or Admin",
  tags,
  request: { params: SpaceParam, body: jsonBody(LocationAddInput) },
  responses: {
    201: jsonResponse(Location, "The new location"),
    ...bodyErrors,
    409: displayIdTaken,
  },
});

export const listLocationAssets = defineRoute({
  method: "get",
  path: "/space/{space}/location/{loc}/asset/items",
  summary: "The devices at a location, ordered and paged",
  tags,
  request: { params: LocationParam, query: LocationDeviceQuery },
  responses: { 200: jsonResponse(LocationDeviceList), ...commonErrors },
});

export const listLocationCameras = defineRoute({
  method: "get",
  path: "/space/{space}/location/{loc}/camera/items",
  summary: "The IP cameras at a location",
  tags,
  request: { params: LocationParam },
  responses: { 200: jsonResponse(CameraList), ...commonErrors },
});

export const getLocation = defineRoute({
  method: "get",
  path: "/space/{space}/location/{loc}",
  summary: "One location",
  tags,
  request: { params: LocationParam },
  responses: { 200: jsonResponse(Location), ...commonErrors },
});

export const editLocation = defineRoute({
  method: "patch",
  path: "/space/{space}/location/{loc}",
  summary: "Change a location (fields left out are unchanged; may carry its working time); Content Manager or Admin",
  tags,
  request: { params: LocationParam, body: jsonBody(LocationEditInput) },
  responses: {
    200: jsonResponse(Location, "The changed location"),
    ...bodyErrors,
    409: displayIdTaken,
  },
});

export const deleteLocation = deleteRoute({
  path: "/space/{space}/location/{loc}",
  summary: "Delete a location; Content Manager or Admin",
  tags,
  params: LocationParam,
});

export const listDevicesOfLocation = defineRoute({
  method: "get",
  path: "/space/{space}/device/location/items",
  summary: "The devices at the location given as ?location_uuid=, ordered and paged",
  tags,
  request: { params: SpaceParam, query: DeviceLocationQuery },
  responses: { 200: jsonResponse(LocationDeviceList), ...commonErrors },
});

const workingTimeTags = ["Working time"];

/** The read and save calls of one weekly working time: the space's, or a location's own. */
function workingTimeAt<P extends z.ZodObject>(path: string, params: P, summary: { get: string; save: string }) {
  return {
    get: defineRoute({
      method: "get",
      path,
      summary: summary.get,
      tags: workingTimeTags,
      request: { params },
      responses: { 200: jsonResponse(WorkingTime), ...commonErrors },
    }),
    save: defineRoute({
      method: "patch",
      path,
      summary: summary.save,
      tags: workingTimeTags,
      request: { params, body: jsonBody(WorkingTimeInput) },
      responses: { 200: jsonResponse(WorkingTime, "The saved schedule"), ...bodyErrors },
    }),
  };
}

const globalWorkingTime = workingTimeAt("/space/{space}/working-time", SpaceParam, {
  get: "The space's weekly working time",
  save: "Save the space's working time (days left out are unchanged); Admin",
});
export const getGlobalWorkingTime = globalWorkingTime.get;
export const saveGlobalWorkingTime = globalWorkingTime.save;

const locationWorkingTime = workingTimeAt("/space/{space}/location/{loc}/working-time", LocationParam, {
  get: "A location's own working time and whether the space's applies",
  save: "Save a location's own working time or switch it to the space's; Content Manager or Admin",
});
export const getLocationWorkingTime = locationWorkingTime.get;
export const saveLocationWorkingTime = locationWorkingTime.save;
