import { z } from "zod";
import { eitherWay, PageInfo, PageQuery } from "../http/paging.ts";
import { safeName, searchText } from "../http/text.ts";
import { OnlineStatus } from "../locations/schema.ts";

/** A location as listed in a group. */
export const GroupLocation = z.object({
  uuid: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  online_status: OnlineStatus,
  total_number: z.number().int(),
});
export type GroupLocation = z.infer<typeof GroupLocation>;

/** A location group (console.md §3.3); online_status follows the devices of all its locations. */
export const LocationGroup = z.object({
  uuid: z.string(),
  name: z.string(),
  active: z.boolean(),
  locations: z.array(GroupLocation),
  locations_number: z.number().int(),
  online_status: OnlineStatus,
  created_at: z.string(),
  updated_at: z.string(),
});
export type LocationGroup = z.infer<typeof LocationGroup>;

/** Reply of GET /space/{space}/location-group/items/. */
export const LocationGroupList = z.object({
  location_groups: z.array(LocationGroup),
  ...PageInfo.shape,
});
export type LocationGroupList = z.infer<typeof LocationGroupList>;

export const LOCATION_GROUP_ORDERINGS = ["created_at", "active", "updated_at"] as const;
const orderings = eitherWay(LOCATION_GROUP_ORDERINGS);

/** Query of the group list and its export (search: contained in the name). */
export const LocationGroupQuery = z.object({
  ordering: z.enum(orderings).default("-created_at"),
  search: searchText,
  ...PageQuery.shape,
});
export type LocationGroupQuery = z.infer<typeof LocationGroupQuery>;

const name = safeName(
  z
    .string({ error: (issue) => (issue.input == null ? "Required" : "Not a valid string.") })
    .trim()
    .min(1, "Required")
    .max(256, "Ensure this field has no more than 256 characters."),
);
/** Any non-empty uuid text; uuids that are not locations of this space are refused by the server. */
const locationUuids = z.array(z.string({ error: "Not a valid string." }).trim().min(1, "Required"));

/** POST /space/{space}/location-group/add/. */
export const LocationGroupAddInput = z.object({
  name,
  active: z.boolean({ error: "Must be a valid boolean." }).default(true),
  location_uuids: locationUuids.default([]),
});
export type LocationGroupAddInput = z.infer<typeof LocationGroupAddInput>;

/** PATCH /space/{space}/location-group/{uuid}/: location_uuids, when sent, replaces the links. */
export const LocationGroupPatch = z.object({
  name: name.optional(),
  active: z.boolean({ error: "Must be a valid boolean." }).optional(),
  location_uuids: locationUuids.optional(),
});
export type LocationGroupPatch = z.infer<typeof LocationGroupPatch>;
