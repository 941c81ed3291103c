import { englishPart } from "./english";

/** English strings of space regions. */
export const enRegions = englishPart({
  "admin.spaces": "Spaces",
  "admin.spaces.list": "Spaces and their regions",
  "admin.spaces.intro":
    "A space's region is where its rooms (the live connections of the space, its locations and devices) are created. A new region applies to rooms created from now on; the space's existing rooms stay where they are.",
  "admin.spaces.euNote":
    "EU jurisdiction keeps the rooms in the EU. It can be set or removed only while a space has no locations and no devices.",
  "admin.spaces.col.space": "Space",
  "admin.spaces.col.region": "Region",
  "admin.spaces.col.locations": "Locations",
  "admin.spaces.col.devices": "Devices",
  "admin.spaces.regionOf": "Region of {name}",
  "admin.spaces.euLocked": "Has locations or devices: EU jurisdiction cannot change",
  "admin.spaces.saved": "{name}: region set to {region}. New rooms are created there.",
  "admin.spaces.loadFailed": "The spaces could not be loaded.",
  "admin.spaces.empty": "No spaces yet",
  "admin.spaces.emptyText": "There is no space to place yet.",
  "admin.spaces.denied": "Only super admins choose the regions of spaces.",
  "region.local": "No preference",
  "region.wnam": "Western North America",
  "region.enam": "Eastern North America",
  "region.sam": "South America",
  "region.weur": "Western Europe",
  "region.eeur": "Eastern Europe",
  "region.apac": "Asia-Pacific",
  "region.oc": "Oceania",
  "region.afr": "Africa",
  "region.me": "Middle East",
  "region.eu": "EU jurisdiction",
} as const);
