import type { MessageKey } from "./en";

/** Croatian strings of Detect Devices (partial; the rest falls back to English). */
export const hrDetect: Partial<Record<MessageKey, string>> = {
  "detect.title": "Otkrij uređaje",
  "detect.subtitle": "Pretražite mrežu lokacije i dodajte pronađena računala kao uređaje.",
  "detect.location": "Lokacija",
  "detect.locationPick": "Odaberite lokaciju",
  "detect.pickFirst": "Odaberite lokaciju čiju mrežu želite pretražiti.",
  "detect.idle": "Pritisnite Otkrij za pretraživanje mreže ove lokacije.",
  "detect.detect": "Otkrij",
  "detect.again": "Otkrij ponovno",
  "detect.scanning": "Otkrivanje uređaja…",
  "detect.lastScan": "Zadnje skeniranje",
  "detect.never": "Nikad",
  "detect.total": "Ukupno otkriveno",
  "detect.noService":
    "Nismo pronašli dostupne usluge otkrivanja. Provjerite imate li ispravno instaliran i pokrenut Runner uređaj na odabranoj lokaciji",
  "detect.tryAgain": "Pokušaj ponovno",
  "detect.empty":
    "Nije pronađen nijedan uređaj. Provjerite jesu li uređaji uključeni i dostupni na mreži prije pokretanja otkrivanja.",
  "detect.camerasDetected": "Otkrivene kamere",
  "detect.cameraScanUnavailable": "Pretraga kamera nije dostupna",
  "detect.table": "Otkriveni uređaji",
  "detect.col.name": "Naziv",
  "detect.col.ip": "IP adresa",
  "detect.col.mac": "MAC adresa",
  "detect.col.type": "Vrsta",
  "detect.col.status": "Status",
  "detect.selectRow": "Odaberi {name}",
  "detect.selected": "Odabrano: {count}",
  "detect.add": "Dodaj",
  "detect.step.title": "Dodaj uređaj {n}/{total}",
  "detect.loadFailed": "Otkriveni uređaji nisu se mogli učitati.",
  "detect.alreadyDevice": "{name} je već dodan kao uređaj",
  "detect.selectPage": "Odaberi sve uređaje na ovoj stranici",
  "detect.step.detected": "Otkriveni uređaj",
};
