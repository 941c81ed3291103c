import { z } from "zod";
import { SPACE_REGIONS } from "./values.ts";

export { SPACE_REGIONS } from "./values.ts";

export const SpaceRegion = z.enum(SPACE_REGIONS, {
  error: `Choose one of: ${SPACE_REGIONS.join(", ")}.`,
});
export type SpaceRegion = z.infer<typeof SpaceRegion>;

/** The regions that are Durable Object location hints (all but `local` and `eu`). */
export type LocationHintRegion = Exclude<SpaceRegion, "local" | "eu">;

/** English names of the regions (the console translates them: `region.<code>`). */
export const REGION_NAMES: Record<SpaceRegion, string> = {
  local: "No preference",
  wnam: "Western North America",
  enam: "Eastern North America",
  sam: "South America",
  weur: "Western Europe",
  eeur: "Eastern Europe",
  apac: "Asia-Pacific",
  oc: "Oceania",
  afr: "Africa",
  me: "Middle East",
  eu: "EU jurisdiction",
};

/** A space with its region, as the super admin's space list shows it. */
export const AdminSpace = z.object({
  space_uuid: z.string(),
  space_name: z.string(),
  space_type: z.string(),
  space_datacenter: z.string(),
  locations_count: z.number().int(),
  devices_count: z.number().int(),
});
export type AdminSpace = z.infer<typeof AdminSpace>;

export const AdminSpaceList = z.object({ spaces: z.array(AdminSpace) });
export type AdminSpaceList = z.infer<typeof AdminSpaceList>;

/** PATCH /api/admin/space/{id}/region: the space's new region. */
export const SpaceRegionInput = z.strictObject({ space_datacenter: SpaceRegion });
export type SpaceRegionInput = z.infer<typeof SpaceRegionInput>;

/** Texts of the region change (the API's messages; the console shows them as they are). */
export const REGION_TEXTS = {
  forbidden: "Only a super admin can change a space's region.",
  jurisdictionLocked:
    "The EU jurisdiction can be set or removed only while the space has no locations and no devices: its rooms would have to move, and rooms never move.",
  onlyNewRooms: "A new region applies to rooms created from now on; the space's existing rooms stay where they are.",
} as const;
