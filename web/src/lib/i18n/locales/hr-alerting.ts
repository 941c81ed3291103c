import type { MessageKey } from "./en";

/** Croatian strings of the alerting settings (partial; the rest falls back to English). */
export const hrAlerting: Partial<Record<MessageKey, string>> = {
  "alerting.rules": "Pravila upozorenja",
  "alerting.channels": "Kanali",
  "alerting.maintenance": "Održavanje",
  "alerting.preferences": "Moje obavijesti",
  "rules.add": "Novo pravilo",
  "rules.field.name": "Naziv",
  "rules.field.condition": "Uvjet",
  "rules.field.scope": "Opseg",
  "channels.add": "Novi kanal",
  "channels.test": "Pošalji probnu obavijest",
  "maintenance.add": "Novo održavanje",
  "maintenance.field.start": "Početak",
  "maintenance.field.end": "Kraj",
  "maintenance.field.reason": "Razlog",
  "preferences.quiet": "Tihi sati",
};
