import type { enAgentSettings } from "./en-agent-settings";

/** Croatian strings of issue 17's agent settings and truthful results (spread into hr.ts). */
export const hrAgentSettings: Partial<Record<keyof typeof enAgentSettings, string>> = {
  "device.settings.dryRun":
    "Probno pokretanje: agent ne smije upravljati napajanjem uređaja (pokrenite ga s --allow-power).",
  "device.settings.deviceDisabled": "Uređaj je onemogućen",
  "device.settings.notInstalled": "Radnja nije uspjela. Uređaj nije instaliran.",
  "device.settings.retry": "Pokušaj ponovno",
  "device.logs.refresh": "Osvježi",
  "preferences.showRemoteFailures": "Prikaži neuspjehe udaljenih radnji",
};
