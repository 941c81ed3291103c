import type { MessageKey } from "./en";
import { hrAccess } from "./hr-access";
import { hrAccounts } from "./hr-accounts";
import { hrAdmin } from "./hr-admin";
import { hrAgentSettings } from "./hr-agent-settings";
import { hrAssets } from "./hr-assets";
import { hrBulk } from "./hr-bulk";
import { hrCommands } from "./hr-commands";
import { hrDetect } from "./hr-detect";
import { hrDevices } from "./hr-devices";
import { hrHealthReport } from "./hr-health-report";
import { hrMonitorPages } from "./hr-monitor-pages";
import { hrPalette } from "./hr-palette";
import { hrPeripherals } from "./hr-peripherals";
import { hrRegions } from "./hr-regions";
import { hrRemoteDesktop } from "./hr-remote-desktop";
import { hrTerminal } from "./hr-terminal";
import { hrViews } from "./hr-views";
import { hrWall } from "./hr-wall";

/** Croatian: partial on purpose; missing keys fall back to English. */
export const hr: Partial<Record<MessageKey, string>> = {
  "common.close": "Zatvori",
  "common.loading": "Učitavanje",
  "common.retry": "Pokušaj ponovno",
  "filters.title": "Filtri",
  "filters.active": "aktivno",
  "filters.done": "Gotovo",

  "login.title": "Prijava",
  "login.subtitle": "Upotrijebite adresu e-pošte na koju je poslana pozivnica.",
  "login.email": "E-pošta",
  "login.password": "Lozinka",
  "login.forgot": "Zaboravljena lozinka?",
  "login.submit": "Prijavi se",
  "login.failed": "Prijava nije uspjela. Pokušajte ponovno.",
  "login.networkError": "Poslužitelj nije dostupan. Provjerite vezu i pokušajte ponovno.",
  "validation.required": "Obavezno",
  "validation.email": "Unesite ispravnu adresu e-pošte.",
  "public.backToLogin": "Natrag na prijavu",

  "nav.main": "Glavna navigacija",
  "nav.accounts": "Računi",
  "nav.assets": "Imovina",
  "nav.monitor": "Nadzor",
  "nav.admin": "Administracija",
  "nav.collapse": "Sažmi navigaciju",
  "nav.expand": "Proširi navigaciju",
  "nav.open": "Otvori navigaciju",
  "topbar.workingTime": "Postavke radnog vremena",
  "topbar.account": "Račun",
  "theme.toggle": "Promijeni temu",
  "theme.toDark": "Prebaci na tamnu temu",
  "theme.toLight": "Prebaci na svijetlu temu",

  "account.spaces": "Prostori",
  "account.searchSpaces": "Pretraži prostore po nazivu ili vrsti",
  "account.noSpacesMatch": "Nijedan prostor ne odgovara pretrazi.",
  "account.currentSpace": "Trenutni",
  "account.language": "Jezik",
  "account.signOut": "Odjava",

  "assets.locations": "Lokacije",
  "assets.devices": "Uređaji",
  "assets.groups": "Grupe lokacija",
  "view.grid": "Prikaz mreže",
  "view.format": "Prikaz tablice",
  "add.label": "Dodaj",
  "add.deviceRunner": "Dodaj Runner uređaj",
  "add.detectDevices": "Otkrij uređaje",
  "add.location": "Dodaj lokaciju",
  "add.group": "Dodaj grupu lokacija",
  "devices.empty.title": "Još nema uređaja",
  "locations.empty.title": "Još nema lokacija",
  "groups.empty.title": "Još nema grupa lokacija",
  "workingTime.title": "Radno vrijeme",

  "accounts.invite": "Pozovi korisnike",
  "monitor.activity": "Aktivnost",
  "monitor.performance": "Performanse",
  "monitor.events": "Sistemski događaji",
  "monitor.logs": "Revizijski zapisi",
  "admin.applications": "Aplikacije",
  "admin.runners": "Runneri",

  "alerts.copied": "Kopirano u međuspremnik.",
  "alerts.popupBlocked": "Skočni prozor je blokiran! Dopustite skočne prozore za ovu stranicu.",
  "notifications.title": "Obavijesti",
  "notifications.open":
    "{count, plural, =0 {Obavijesti} one {Obavijesti, # nova} few {Obavijesti, # nove} other {Obavijesti, # novih}}",
  "notifications.empty": "U ovoj sesiji još nema obavijesti.",
  "notifications.clear": "Očisti",
  "realtime.deviceOnline": "{device_name} je upravo na mreži",
  "realtime.deviceOffline": "{device_name} je upravo izvan mreže",
  "realtime.deviceInstalled": "{device_name} je instaliran",
  "realtime.devicesOnline": "Uređaja upravo na mreži: {count}",
  "realtime.devicesOffline": "Uređaja upravo izvan mreže: {count}",
  "realtime.locationOnline": "{location_name} je na mreži",
  "realtime.locationPartiallyOnline": "{location_name} je djelomično na mreži",
  "realtime.locationOffline": "{location_name} je izvan mreže",
  "realtime.locationsOnline": "Lokacija na mreži: {count}",
  "realtime.locationsPartiallyOnline": "Lokacija djelomično na mreži: {count}",
  "realtime.locationsOffline": "Lokacija izvan mreže: {count}",
  "realtime.unnamedDevice": "Uređaj",
  "realtime.unnamedLocation": "Lokacija",
  "notFound.title": "Stranica nije pronađena",
  "notFound.text": "Na ovoj adresi nema ničega.",
  "notFound.home": "Idi na uređaje",
  "devices.empty.text": "Dodajte Runner uređaj ili otkrijte uređaje na mreži lokacije da bi se ovdje prikazali.",
  "locations.empty.text": "Dodajte lokaciju kako biste uređaje organizirali prema mjestu rada.",
  "groups.empty.text": "Grupirajte lokacije kako biste ih zajedno pratili i upravljali njima.",
  ...hrAssets,
  ...hrDevices,
  ...hrTerminal,
  ...hrAgentSettings,
  ...hrRemoteDesktop,
  ...hrCommands,
  ...hrAccounts,
  ...hrDetect,
  ...hrPeripherals,
  ...hrWall,
  ...hrAccess,
  ...hrMonitorPages,
  ...hrHealthReport,
  ...hrAdmin,
  ...hrPalette,
  ...hrBulk,
  ...hrViews,
  ...hrRegions,
};
