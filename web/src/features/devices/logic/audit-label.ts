import "@/lib/i18n/locales/en-device";
import "@/lib/i18n/locales/en-agent-settings";
import type { MessageKey, TFunction } from "@/lib/i18n";

/** Audit actions of the device trail with their human wording (the raw code is the fallback). */
const labels: Record<string, MessageKey> = {
  "device.create": "device.audit.create",
  "device.update": "device.audit.update",
  "device.delete": "device.audit.delete",
  "device.archive": "device.audit.archive",
  "device.unarchive": "device.audit.unarchive",
  "device.terminate_connection": "device.audit.terminate",
  "device.enrol": "device.audit.enrol",
  "device.install_qr": "device.audit.installQr",
  "device.installation_code.reset": "device.audit.codeReset",
  "device.installation_code.replacement": "device.audit.codeReplacement",
  "device.installation_code.email": "device.audit.codeEmail",
  "device.enabled": "device.audit.enabled",
  "device.debug_mode": "device.audit.debug",
  "device.vision_enabled": "device.audit.vision",
  "device.peripheral_enabled": "device.audit.peripheralEnabled",
  "device.displays_configuration": "device.audit.displaysConfiguration",
  "device.displays_detected": "device.audit.displaysDetected",
  "device.peripherals_detected": "device.audit.peripheralsDetected",
  "device.settings_reported": "device.audit.settingsReported",
};

const commands: Record<string, MessageKey> = {
  "reverse-ssh": "device.audit.cmd.reverseSsh",
  "remote-desktop": "device.audit.cmd.remoteDesktop",
  "headless-remote-desktop": "device.audit.cmd.headlessVnc",
  screenshot: "device.audit.cmd.screenshot",
  "instant-reboot": "device.audit.cmd.reboot",
  "instant-power-off": "device.audit.cmd.powerOff",
  "set-enabled": "device.audit.cmd.setEnabled",
  "set-debug": "device.audit.cmd.setDebug",
  "set-vision": "device.audit.cmd.setVision",
  "set-peripheral-enabled": "device.audit.cmd.setPeripheralEnabled",
  "telemetry-refresh": "device.audit.cmd.telemetryRefresh",
  "detect-devices": "device.audit.cmd.detectDevices",
  "detect-displays": "device.audit.cmd.detectDisplays",
  "detect-peripherals": "device.audit.cmd.detectPeripherals",
  "apply-display-config": "device.audit.cmd.applyDisplayConfig",
  "fetch-logs": "device.audit.cmd.fetchLogs",
  "camera-connection-test": "device.audit.cmd.cameraTest",
  "camera-snapshot": "device.audit.cmd.cameraSnapshot",
};

/** A remote action's human name (the audit trail and the Commands tab); the raw action when unknown. */
export function commandLabel(action: string, t: TFunction): string {
  const key = commands[action];
  return key ? t(key) : action;
}

const outcomes: Record<string, MessageKey> = {
  succeeded: "device.audit.outcome.succeeded",
  failed: "device.audit.outcome.failed",
  timed_out: "device.audit.outcome.timedOut",
  queued: "device.audit.outcome.queued",
  unavailable: "device.audit.outcome.unavailable",
  in_doubt: "device.audit.outcome.inDoubt",
  expired: "device.audit.outcome.expired",
  cancelled: "device.audit.outcome.cancelled",
  superseded: "device.audit.outcome.superseded",
  dry_run: "device.audit.outcome.dryRun",
};

/** A command step's wording: "succeeded", or "succeeded (late answer)" for "succeeded late". */
function outcomeLabel(status: string, t: TFunction): string | null {
  const late = status.endsWith(" late");
  const key = outcomes[late ? status.slice(0, -" late".length) : status];
  if (!key) return null;
  return late ? t("device.audit.outcome.late", { outcome: t(key) }) : t(key);
}

const sessions: Record<string, MessageKey> = {
  terminal: "device.audit.session.terminal",
  vnc: "device.audit.session.vnc",
};

/** "12 s", "4 min", "2 h 5 min": a remote session's length. */
function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const field = (value: unknown, key: string): unknown =>
  value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;

/** "Request screenshot · succeeded", "Archived", or the raw code for actions this build does not know. */
export function auditLabel(entry: { action: string; after: unknown }, t: TFunction): string {
  const known = labels[entry.action];
  if (known) {
    const value = field(entry.after, entry.action.slice("device.".length));
    if (typeof value === "boolean") return `${t(known)}: ${t(value ? "device.audit.on" : "device.audit.off")}`;
    return t(known);
  }
  if (entry.action.startsWith("device.command.")) {
    const command = commands[entry.action.slice("device.command.".length)];
    if (!command) return entry.action;
    const status = field(entry.after, "status");
    const outcome = typeof status === "string" ? outcomeLabel(status, t) : null;
    // A failure says why (the agent's or the room's message).
    const error = field(entry.after, "error");
    const reason = typeof error === "string" && error ? `: ${error}` : "";
    return outcome ? `${t(command)} · ${outcome}${reason}` : t(command);
  }
  if (entry.action.startsWith("device.remote_session.")) {
    const kind = sessions[entry.action.slice("device.remote_session.".length)];
    if (!kind) return entry.action;
    const seconds = field(entry.after, "duration_s");
    if (field(entry.after, "status") === "closed" && typeof seconds === "number") {
      return t("device.audit.session.closed", { kind: t(kind), duration: duration(seconds) });
    }
    return t("device.audit.session.opened", { kind: t(kind) });
  }
  return entry.action;
}
