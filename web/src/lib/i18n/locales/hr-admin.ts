import type { MessageKey } from "./en";

/** Croatian strings of the Admin Panel (partial: the rest falls back to English). */
export const hrAdmin: Partial<Record<MessageKey, string>> = {
  "admin.applications.search": "Pretraži aplikacije po nazivu",
  "admin.applications.add": "Dodaj aplikaciju",
  "admin.applications.new": "Nova aplikacija",
  "admin.runners.search": "Pretraži runnere po nazivu",
  "admin.runners.add": "Dodaj runner",
  "admin.runners.new": "Novi runner",
  "admin.col.name": "Naziv",
  "admin.col.displays": "Zasloni",
  "admin.col.updated": "Zadnja promjena",
  "admin.format": "Formatiraj",
  "admin.unsaved": "Nespremljene promjene",
  "admin.review.confirm": "Spremi promjene",
  "admin.review.back": "Nastavi uređivati",
  "admin.discard.confirm": "Odbaci promjene",
  "admin.discard.keep": "Nastavi uređivati",
  "admin.history.title": "Povijest promjena",
  "admin.history.create": "Stvoreno",
  "admin.history.update": "Promijenjeno",
  "admin.history.delete": "Obrisano",
};
