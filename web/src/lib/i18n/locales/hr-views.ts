import type { MessageKey } from "./en";

/** Croatian strings of saved views, sortable columns and the device export (partial; the rest falls back to English). */
export const hrViews: Partial<Record<MessageKey, string>> = {
  "views.menu": "Prikazi",
  "views.menuLabel": "Spremljeni prikazi",
  "views.none": "Još nema spremljenih prikaza",
  "views.save": "Spremi trenutni prikaz…",
  "views.saveTitle": "Spremi trenutni prikaz",
  "views.name": "Naziv",
  "views.saveButton": "Spremi prikaz",
  "views.delete": "Izbriši prikaz {name}",
  "devices.sort.byColumn": "Poredaj po: {name}",
  "devices.sort.column": "Po stupcu tablice",
  "devices.sort.nameAsc": "Naziv (A–Ž)",
  "devices.sort.nameDesc": "Naziv (Ž–A)",
  "devices.sort.locationAsc": "Lokacija (A–Ž)",
  "devices.sort.locationDesc": "Lokacija (Ž–A)",
  "devices.export": "Izvezi CSV",
};
