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
  "bulk.selected": "{count, plural, one {Odabran # uređaj} few {Odabrana # uređaja} other {Odabrano # uređaja}}",
  "bulk.allMatching":
    "{count, plural, one {Odabran je # odgovarajući uređaj} few {Odabrana su sva # odgovarajuća uređaja} other {Odabrano je svih # odgovarajućih uređaja}}",
  "bulk.selectAllMatching":
    "{count, plural, one {Odaberi # odgovarajući} few {Odaberi sva # odgovarajuća} other {Odaberi svih # odgovarajućih}}",
  "bulk.actions": "Skupne radnje",
  "bulk.confirm.reboot":
    "{count, plural, one {Ponovno pokrenuti # uređaj?} few {Ponovno pokrenuti # uređaja?} other {Ponovno pokrenuti # uređaja?}}",
  "bulk.confirm.enable":
    "{count, plural, one {Omogućiti # uređaj?} few {Omogućiti # uređaja?} other {Omogućiti # uređaja?}}",
  "bulk.confirm.disable":
    "{count, plural, one {Onemogućiti # uređaj?} few {Onemogućiti # uređaja?} other {Onemogućiti # uređaja?}}",
  "bulk.confirm.add_tag":
    "{count, plural, one {Označiti # uređaj?} few {Označiti # uređaja?} other {Označiti # uređaja?}}",
  "bulk.confirm.remove_tag":
    "{count, plural, one {Ukloniti oznaku s # uređaja?} few {Ukloniti oznaku s # uređaja?} other {Ukloniti oznaku s # uređaja?}}",
  "bulk.confirm.move_location":
    "{count, plural, one {Premjestiti # uređaj?} few {Premjestiti # uređaja?} other {Premjestiti # uređaja?}}",
  "bulk.confirm.archive":
    "{count, plural, one {Arhivirati # uređaj?} few {Arhivirati # uređaja?} other {Arhivirati # uređaja?}}",
  "bulk.text.reboot":
    "Uređaji na mreži odmah se ponovno pokreću. Uređaji izvan mreže prijavljuju se kao izvan mreže, osim ako ponovno pokretanje ne stavite u red.",
  "bulk.text.enable":
    "Agent svakog uređaja dobiva zahtjev da ga omogući; uređaji izvan mreže prijavljuju se kao izvan mreže.",
  "bulk.text.disable":
    "Onemogućeni uređaj ne izvršava udaljene radnje dok se ponovno ne omogući. Uređaji izvan mreže prijavljuju se kao izvan mreže.",
  "bulk.text.add_tag": "Oznaka se dodaje svakom uređaju koji je još nema.",
  "bulk.text.remove_tag": "Oznaka se uklanja sa svakog uređaja koji je ima.",
  "bulk.text.move_location":
    "Svaki se uređaj premješta na lokaciju koju odaberete; njegov status, oznake i agent ostaju.",
  "bulk.text.archive":
    "Arhivirani uređaji povlače se iz upotrebe: njihovi se agenti odjavljuju, a neiskorišteni instalacijski kodovi opozivaju.",
  "bulk.tag": "Oznaka",
  "bulk.location": "Lokacija",
  "bulk.choose": "Odaberite…",
  "bulk.results.title": "{action}: rezultati",
  "bulk.results.progress": "Završeno {done} od {total}",
  "bulk.results.summary":
    "Uspjelo: {succeeded} · nije uspjelo: {failed} · izvan mreže: {offline} · u redu čekanja: {queued}",
  "bulk.outcome.pending": "Na čekanju",
  "bulk.retryFailed": "Ponovi neuspjele ({count})",
  "bulk.failed": "Skupna radnja nije uspjela: {reason}",
  "bulk.accounts.changeRole": "Promijeni ulogu",
  "bulk.accounts.disable": "Onemogući",
  "bulk.accounts.roleTitle":
    "{count, plural, one {Promijeniti ulogu # računa?} few {Promijeniti ulogu # računa?} other {Promijeniti ulogu # računa?}}",
  "bulk.accounts.roleText": "Odabrani računi dobivaju ulogu koju odaberete. Vlastitu ulogu ne možete promijeniti.",
  "bulk.accounts.disableTitle":
    "{count, plural, one {Onemogućiti # račun?} few {Onemogućiti # računa?} other {Onemogućiti # računa?}}",
  "bulk.accounts.disableText": "Onemogućeni računi odmah gube pristup ovom prostoru. Vaš se račun preskače.",
  "bulk.accounts.done":
    "{succeeded, plural, one {Ažuriran je # račun} few {Ažurirana su # računa} other {Ažurirano je # računa}}",
  "bulk.accounts.someFailed":
    "{failed, plural, one {# račun nije ažuriran} few {# računa nisu ažurirana} other {# računa nije ažurirano}}",
};
