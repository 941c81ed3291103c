import type { MessageKey } from "./en";

/** Croatian strings of space regions (partial; the rest falls back to English). */
export const hrRegions: Partial<Record<MessageKey, string>> = {
  "region.local": "Bez odabira",
  "region.wnam": "Zapadna Sjeverna Amerika",
  "region.enam": "Istočna Sjeverna Amerika",
  "region.sam": "Južna Amerika",
  "region.weur": "Zapadna Europa",
  "region.eeur": "Istočna Europa",
  "region.apac": "Azija i Pacifik",
  "region.oc": "Oceanija",
  "region.afr": "Afrika",
  "region.me": "Bliski istok",
  "region.eu": "Jurisdikcija EU",
  "admin.spaces": "Prostori",
  "admin.spaces.list": "Prostori i njihove regije",
  "admin.spaces.col.space": "Prostor",
  "admin.spaces.col.region": "Regija",
  "admin.spaces.col.locations": "Lokacije",
  "admin.spaces.col.devices": "Uređaji",
};
