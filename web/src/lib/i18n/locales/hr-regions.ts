import type { MessageKey } from "./en";

/** Croatian strings of space regions (partial; the rest falls back to English). */
export const hrRegions: Partial<Record<MessageKey, string>> = {
  "admin.spaces": "Prostori",
  "admin.spaces.list": "Prostori i njihove regije",
  "admin.spaces.col.space": "Prostor",
  "admin.spaces.col.region": "Regija",
  "admin.spaces.col.locations": "Lokacije",
  "admin.spaces.col.devices": "Uređaji",
};
