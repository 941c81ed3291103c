import type { MessageKey } from "./en";

/** Croatian strings of space regions (partial; the rest falls back to English). */
export const hrRegions: Partial<Record<MessageKey, string>> = {
  "admin.spaces": "Prostori",
  "admin.spaces.list": "Prostori i njihove regije",
  "admin.spaces.col.space": "Prostor",
  "admin.spaces.col.region": "Regija",
  "admin.spaces.col.locations": "Lokacije",
  "admin.spaces.col.devices": "Uređaji",
  "admin.spaces.intro":
    "Regija prostora mjesto je gdje se stvaraju njegove sobe (žive veze prostora, njegovih lokacija i uređaja). Nova regija vrijedi za sobe stvorene od sada; postojeće sobe prostora ostaju gdje jesu.",
  "admin.spaces.euNote":
    "Jurisdikcija EU drži sobe u EU-u. Može se postaviti ili ukloniti samo dok prostor nema lokacija ni uređaja.",
  "admin.spaces.regionOf": "Regija prostora {name}",
  "admin.spaces.euLocked": "Ima lokacije ili uređaje: jurisdikcija EU ne može se promijeniti",
  "admin.spaces.saved": "{name}: regija postavljena na {region}. Nove sobe stvaraju se ondje.",
  "admin.spaces.loadFailed": "Prostori se nisu mogli učitati.",
  "admin.spaces.empty": "Još nema prostora",
  "admin.spaces.emptyText": "Još nema prostora kojem bi se odredila regija.",
  "admin.spaces.denied": "Regije prostora biraju samo superadministratori.",
};
