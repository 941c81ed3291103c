import { englishPart } from "./english";

/** English strings of issue 17's agent settings and truthful results. */
export const enAgentSettings = englishPart({
  "device.settings.dryRun": "Dry run: the agent is not allowed to power the device (start it with --allow-power).",
  "device.settings.deviceDisabled": "Device is disabled",
  "device.settings.notInstalled": "Action failed. Device not installed.",
  "device.settings.remoteFailed": "{action} failed: {reason}",
  "device.settings.retry": "Retry",
  "device.logs.agentTitle": "Agent log",
  "device.logs.agentText": "The agent's recent lines; debug lines appear while debug mode is on.",
  "device.logs.refresh": "Refresh",
  "device.logs.agentEmpty": "The agent sent no lines.",
  "device.logs.failuresTitle": "Failed remote actions",
  "device.logs.noFailures": "No remote desktop, reverse SSH or screenshot request has failed.",
  "device.logs.trailTitle": "Audit trail",
  "device.logs.reason": "Reason",
  "preferences.showRemoteFailures": "Show failures of remote actions",
  "preferences.showRemoteFailuresText":
    "Remote desktop, reverse SSH and screenshot failures as notifications with Retry.",
  "device.audit.cmd.fetchLogs": "Fetch agent log",
  "device.audit.settingsReported": "Settings reported by the device",
  "device.periph.savedDryRun":
    "Display configuration for device {name} saved, but not applied: the agent only did a dry run (start it with --allow-display).",
  "device.commands.state.dryRun": "Dry run",
  "device.commands.stateHint.dryRun": "The device answered without acting: its agent is not allowed to (a dry run).",
  "device.audit.outcome.dryRun": "dry run",
  "device.periph.monitoringOnlyOff":
    "Monitoring only: {name} was not switched off on the device, only its monitoring stopped.",
  "device.periph.monitoringOnlyOn": "Monitoring only: monitoring of {name} resumed; the device did not switch it.",
  "device.queue.disable": "Disable",
  "device.queue.disableText":
    "Disable the device the moment it reconnects, before anything else (a lost or stolen device); a newer request replaces a pending one.",
  "device.queue.enable": "Enable",
  "device.queue.enableText": "Enable the device the moment it reconnects; a newer request replaces a pending one.",
} as const);
