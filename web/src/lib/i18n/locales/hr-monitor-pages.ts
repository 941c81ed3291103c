import type { MessageKey } from "./en";

/** Monitor, Croatian: partial on purpose. */
export const hrMonitorPages: Partial<Record<MessageKey, string>> = {
  "monitor.activity.added": "Nedavno dodani",
  "monitor.activity.connected": "Povezani",
  "monitor.activity.edited": "Uređeni",
  "monitor.activity.disconnected": "Isključeni",
  "monitor.activity.connectedOnline": "Povezani na mreži",
  "monitor.activity.connectedOffline": "Povezani izvan mreže",
  "monitor.activity.viewAll": "Prikaži sve",
  "monitor.counts.title": "Brojevi stanja",
  "monitor.counts.warnings": "{count, plural, one {# upozorenje} few {# upozorenja} other {# upozorenja}}",
  "monitor.counts.criticals": "{count} kritično",
  "monitor.counts.hide": "Sakrij brojeve",
  "monitor.counts.device": "Uređaj",
  "monitor.counts.peripherals": "Periferija",
  "monitor.heading.cpu": "Prosječna iskorištenost CPU-a",
  "monitor.heading.thermal": "Temperatura CPU-a",
  "monitor.heading.uptime": "Vrijeme rada",
  "monitor.heading.ram": "Korištenje memorije",
  "monitor.heading.storage": "Veličina diska",
  "monitor.heading.disk_health": "Zdravlje diska",
  "monitor.heading.gpu": "Iskorištenost GPU-a",
  "monitor.heading.network": "Mreža",
  "monitor.lastCheck": "Zadnja provjera",
};
