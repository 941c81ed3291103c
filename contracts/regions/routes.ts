import { z } from "zod";
import { ApiErrorBody } from "../http/errors.ts";
import { bodyErrors, commonErrors, defineRoute, jsonBody, jsonResponse } from "../http/route.ts";
import { AdminSpace, AdminSpaceList, SpaceRegionInput } from "./schema.ts";

/**
 * Where a space's rooms are placed (`space_datacenter`), chosen by a super admin for
 * any space (member or not). Every route answers 403 to anyone else.
 */
const tags = ["Admin Panel: spaces"];

export const AdminSpaceParam = z.object({ id: z.uuid().meta({ description: "The space's uuid" }) });

export const listAdminSpaces = defineRoute({
  method: "get",
  path: "/admin/space/items",
  summary: "Every space with its region and how many locations and devices it has; super admin",
  tags,
  responses: { 200: jsonResponse(AdminSpaceList), 401: commonErrors[401], 403: commonErrors[403] },
});

export const setSpaceRegion = defineRoute({
  method: "patch",
  path: "/admin/space/{id}/region",
  summary:
    "Set a space's region (a Durable Object location hint, `eu` for the EU jurisdiction, `local` for none). Applies to rooms created from then on; `eu` can be set or removed only while the space has no locations and no devices (409 otherwise). Super admin",
  tags,
  request: { params: AdminSpaceParam, body: jsonBody(SpaceRegionInput) },
  responses: {
    200: jsonResponse(AdminSpace, "The space with its new region"),
    ...bodyErrors,
    409: jsonResponse(
      ApiErrorBody,
      "The space has locations or devices and the change would move its rooms to or from the EU jurisdiction",
    ),
  },
});
