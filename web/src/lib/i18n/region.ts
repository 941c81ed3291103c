import "@/lib/i18n/locales/en-regions";
import type { SpaceRegion } from "@contracts/regions/schema";
import { SPACE_REGIONS } from "@contracts/regions/values";
import type { TFunction } from "./index";

/** Whether a stored space_datacenter is one of the regions (older values are shown as they are). */
export const isSpaceRegion = (value: string): value is SpaceRegion =>
  (SPACE_REGIONS as readonly string[]).includes(value);

/** A space region as a person reads it: its name and code ("Western Europe (weur)"); "No preference" for local. */
export function regionLabel(t: TFunction, region: string) {
  if (!isSpaceRegion(region)) return region;
  const name = t(`region.${region}`);
  return region === "local" ? name : `${name} (${region})`;
}
