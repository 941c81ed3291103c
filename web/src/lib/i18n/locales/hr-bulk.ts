import type { MessageKey } from "./en";

/** Croatian strings of the bulk actions (partial; the rest falls back to English). */
export const hrBulk: Partial<Record<MessageKey, string>> = {
  "bulk.clear": "Poništi odabir",
  "bulk.action.reboot": "Ponovno pokreni",
  "bulk.action.enable": "Omogući",
  "bulk.action.disable": "Onemogući",
  "bulk.action.add_tag": "Dodaj oznaku",
  "bulk.action.remove_tag": "Ukloni oznaku",
  "bulk.action.move_location": "Premjesti na lokaciju",
  "bulk.action.archive": "Arhiviraj",
  "bulk.queueOffline": "Stavi u red za uređaje izvan mreže (24 h)",
  "bulk.outcome.succeeded": "Uspjelo",
  "bulk.outcome.failed": "Nije uspjelo",
  "bulk.outcome.offline": "Izvan mreže",
  "bulk.outcome.queued": "U redu čekanja",
};
