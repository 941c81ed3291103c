import type { MessageKey } from "./en";

/** Croatian strings of the display links and API tokens (partial; the rest falls back to English). */
export const hrAccess: Partial<Record<MessageKey, string>> = {
  "access.open": "Poveznice za zaslone i API tokeni",
  "access.adminOnly": "Poveznicama za zaslone i API tokenima upravljaju samo administratori prostora.",
  "access.displayLinks.title": "Poveznice za zidne zaslone",
  "access.displayLinks.add": "Nova poveznica za zaslon",
  "access.displayLinks.empty": "Još nema poveznica za zaslone.",
  "access.apiTokens.title": "API tokeni",
  "access.apiTokens.add": "Novi API token",
  "access.apiTokens.empty": "Još nema API tokena.",
  "access.column.name": "Naziv",
  "access.column.scope": "Opseg",
  "access.column.created": "Stvoreno",
  "access.column.expires": "Istječe",
  "access.column.lastUsed": "Zadnje korišteno",
  "access.column.status": "Stanje",
  "access.never": "Nikad",
  "access.noExpiry": "Ne istječe",
  "access.status.active": "Aktivno",
  "access.status.revoked": "Opozvano",
  "access.status.expired": "Isteklo",
  "access.scope.space": "Cijeli prostor",
  "access.scope.read": "Čitanje",
  "access.scope.operator": "Operater",
  "access.revoke": "Opozovi",
  "access.form.name": "Naziv",
  "access.form.create": "Stvori",
  "access.form.groupOption":
    "{name} · {locations, plural, one {# lokacija} few {# lokacije} other {# lokacija}} · {devices, plural, one {# uređaj} few {# uređaja} other {# uređaja}}",
  "access.secret.copy": "Kopiraj",
  "access.secret.done": "Kopirao sam",
};
