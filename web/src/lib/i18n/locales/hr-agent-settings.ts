import type { enAgentSettings } from "./en-agent-settings";

/** Croatian strings of the agent settings and truthful results (spread into hr.ts). */
export const hrAgentSettings: Partial<Record<keyof typeof enAgentSettings, string>> = {
  "device.settings.dryRun":
    "Probno pokretanje: agent ne smije upravljati napajanjem uređaja (pokrenite ga s --allow-power).",
  "device.settings.deviceDisabled": "Uređaj je onemogućen",
  "device.settings.notInstalled": "Radnja nije uspjela. Uređaj nije instaliran.",
  "device.settings.retry": "Pokušaj ponovno",
  "device.logs.refresh": "Osvježi",
  "preferences.showRemoteFailures": "Prikaži neuspjehe udaljenih radnji",
  "device.periph.savedDryRun":
    "Konfiguracija zaslona za uređaj {name} spremljena je, ali nije primijenjena: agent je napravio samo probni rad (pokrenite ga s --allow-display).",
  "device.commands.state.dryRun": "Probni rad",
  "device.audit.outcome.dryRun": "probni rad",
  "device.periph.monitoringOnlyOff":
    "Samo nadzor: {name} nije isključen na uređaju, zaustavljen je samo njegov nadzor.",
  "device.periph.monitoringOnlyOn": "Samo nadzor: nadzor uređaja {name} ponovno radi; uređaj ga nije uključio.",
  "device.queue.disable": "Onemogući",
  "device.queue.enable": "Omogući",
  "device.services.state.running": "Radi",
  "device.services.state.starting": "Pokreće se",
  "device.services.state.stopped": "Zaustavljeno",
  "device.services.state.failed": "Neuspjelo",
  "device.services.state.notInstalled": "Nije instalirano",
  "device.services.state.crashed": "Srušeno",
  "device.services.state.crashLoop": "Ponavljano rušenje",
  "device.services.col.service": "Usluga",
  "device.services.col.state": "Stanje",
  "device.services.col.for": "Trajanje",
  "device.services.col.restarts": "Ponovna pokretanja",
  "device.services.stale": "Uređaj je izvan mreže: posljednje poznato stanje, prijavljeno {time}.",
  "device.services.reported": "Prijavljeno {time}",
  "device.services.none": "Uređaj još nije prijavio svoje usluge.",
  "device.services.never": "Nikad nije radilo",
  "device.settings.visionNotInstalled": "Vision nije instaliran na ovom uređaju",
  "device.settings.remoteFailed": "{action} – nije uspjelo: {reason}",
  "device.logs.agentTitle": "Zapisnik agenta",
  "device.logs.agentText":
    "Nedavni reci agenta; reci za otklanjanje pogrešaka pojavljuju se dok je taj način uključen.",
  "device.logs.agentEmpty": "Agent nije poslao nijedan redak.",
  "device.logs.failuresTitle": "Neuspjele udaljene radnje",
  "device.logs.noFailures":
    "Nijedan zahtjev za udaljenu radnu površinu, obrnuti SSH ili snimku zaslona nije bio neuspješan.",
  "device.logs.trailTitle": "Revizijski trag",
  "device.logs.reason": "Razlog",
  "preferences.showRemoteFailuresText":
    "Neuspjesi udaljene radne površine, obrnutog SSH-a i snimke zaslona kao obavijesti s mogućnošću ponovnog pokušaja.",
  "device.audit.cmd.fetchLogs": "Dohvat zapisnika agenta",
  "device.audit.settingsReported": "Postavke koje je prijavio uređaj",
  "device.commands.stateHint.dryRun": "Uređaj je odgovorio bez izvršavanja: njegov agent to ne smije (probni rad).",
  "device.services.state.dryRun": "Probni rad",
  "device.services.state.noLaunch": "Pokretanje nije definirano",
  "device.services.kind.agent": "Agent",
  "device.services.kind.application": "Aplikacija",
  "device.services.kind.vision": "Vision",
  "device.services.kind.vnc": "VNC",
  "device.services.kind.ssh_tunnel": "SSH tunel",
  "device.services.restartsHour": "{count} u zadnjem satu",
  "device.queue.disableText":
    "Onemogući izgubljeni ili ukradeni uređaj čim se ponovno poveže, prije svega drugoga; noviji zahtjev zamjenjuje onaj na čekanju.",
  "device.queue.enableText": "Omogući uređaj čim se ponovno poveže; noviji zahtjev zamjenjuje onaj na čekanju.",
};
