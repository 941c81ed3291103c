import type { ErrorCode } from "@contracts/http/errors";
import type { RemoteSharingResult } from "@contracts/remote-actions/schema";
import { COMMAND_TIMEOUT_MS, TIMEOUT_MESSAGE } from "@contracts/remote-actions/values";
import type { RemoteCommand } from "./device-call";

/** devices.md §9: remote desktop, RSSH, VNC and screenshot requests wait at most 30 000 ms. */
export const REMOTE_ACTION_TIMEOUT_MS = COMMAND_TIMEOUT_MS;

/**
 * The console's controls that run a remote action (rows of the Settings tab, toolbar buttons,
 * palette entries; a subset of the settings controls), and the command each one runs.
 */
export const COMMAND_OF_CONTROL = {
  rssh: "reverse-ssh",
  headlessVnc: "headless-remote-desktop",
  remoteDesktop: "remote-desktop",
  screenshot: "screenshot",
  reboot: "instant-reboot",
  shutdown: "instant-power-off",
} as const satisfies Record<string, RemoteCommand>;

export type RemoteControl = keyof typeof COMMAND_OF_CONTROL;

/** The shape of lib/api's ApiError (read structurally, so this module stays free of the session). */
type HttpFailure = { status: number; body: { code?: string; message: string; command_id?: string } | null };
const isHttpFailure = (error: unknown): error is HttpFailure =>
  typeof error === "object" && error !== null && "status" in error && typeof error.status === "number";

/** The API's codes for a device that did not answer in 30 s and for one that is offline (contracts/http/errors.ts). */
const TIMEOUT_CODE: ErrorCode = "device_timeout";
const OFFLINE_CODE: ErrorCode = "device_offline";
/** The device took the command but its answer did not come back (504, command_id, status_url). */
const OUTCOME_UNKNOWN_CODE: ErrorCode = "outcome_unknown";
/** A disabled device is refused every action but re-enabling ("Device is disabled"). */
const DISABLED_CODE: ErrorCode = "device_disabled";
/** devices.md §7: an action on a device that is not installed ("Action failed. Device not installed."). */
const NOT_INSTALLED_CODE: ErrorCode = "device_not_installed";

export type ActionFailure =
  | { kind: "timeout" }
  | { kind: "unavailable"; message: string }
  | { kind: "outcomeUnknown"; commandId: string | null }
  | { kind: "disabled" }
  | { kind: "notInstalled" }
  | { kind: "failed"; reason?: string };

/**
 * §4/§8: the API's device_timeout (written, not acknowledged: it did not run) is the timeout
 * warning; an offline device (device_offline, "physical device temporarily unavailable")
 * or another 503 shows the server's message. outcome_unknown (the device received the
 * command, its answer is missing, it may have run) is neither: a warning that points at the
 * command's row in the Commands tab, which the late answer updates. Decided by the error's code,
 * never its text.
 */
export function classifyFailure(error: unknown): ActionFailure {
  // Our own 30 s abort: the API answers every call by 28 s (outcome unknown when the device took
  // it without answering), so no answer by 30 s means the call was lost on the way, and the
  // device may have run it: never a failure, a way to the Commands tab where its answer shows.
  if (error instanceof DOMException && (error.name === "AbortError" || error.name === "TimeoutError")) {
    return { kind: "outcomeUnknown", commandId: null };
  }
  if (!isHttpFailure(error)) return { kind: "failed" };
  const code = error.body?.code;
  if (code === DISABLED_CODE) return { kind: "disabled" };
  if (code === NOT_INSTALLED_CODE) return { kind: "notInstalled" };
  if (code === OUTCOME_UNKNOWN_CODE) return { kind: "outcomeUnknown", commandId: error.body?.command_id ?? null };
  if (code === TIMEOUT_CODE) return { kind: "timeout" };
  if (code === OFFLINE_CODE || error.status === 503) {
    return { kind: "unavailable", message: error.body?.message || TIMEOUT_MESSAGE };
  }
  return error.body?.message ? { kind: "failed", reason: error.body.message } : { kind: "failed" };
}

/** The address to copy from a reverse SSH reply: host:port, or the port alone. */
export function rsshAddress(result: RemoteSharingResult): string | null {
  if (result.port === undefined) return result.host ?? null;
  return result.host ? `${result.host}:${result.port}` : String(result.port);
}

/** Where Connect goes for a remote desktop reply: its URL, else a vnc:// address. */
export function desktopUrl(result: RemoteSharingResult): string | null {
  if (result.url) return result.url;
  return result.host ? `vnc://${result.host}:${result.port ?? 5900}` : null;
}
