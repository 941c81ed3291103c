import type { MessageKey } from "./en";

/** Croatian strings of the in-browser remote desktop (partial; the rest falls back to English). */
export const hrRemoteDesktop: Partial<Record<MessageKey, string>> = {
  "device.desktop.dialogTitle": "Udaljena radna površina · {name}",
  "device.desktop.dialogText": "Zaslon uređaja, preko njegove veze s konzolom.",
  "device.desktop.connecting": "Povezivanje…",
  "device.desktop.connected": "Povezano",
  "device.desktop.connectedTo": "Povezano s {name}",
  "device.desktop.lost": "Veza s konzolom je prekinuta.",
  "device.desktop.ended": "Sesija je zatvorena.",
  "device.desktop.again": "Poveži ponovno",
  "device.desktop.fit": "Prilagodi veličini",
  "device.desktop.fullscreen": "Cijeli zaslon",
  "device.desktop.exitFullscreen": "Izađi iz cijelog zaslona",
  "device.desktop.vncClient": "Adresa za VNC klijent",
  "device.desktop.screen": "Udaljeni zaslon",
  "device.desktop.password": "VNC lozinka",
  "device.desktop.sendPassword": "Pošalji",
  "device.desktop.failed":
    "Udaljena radna površina nije se mogla prikazati (VNC poslužitelj je odbio vezu ili koristi nepoznat protokol).",
  "device.desktop.ctrlAltDel": "Ctrl+Alt+Del",
};
