import type { DeviceDetail } from "@contracts/devices/detail";
import type { ServiceKind, ServiceState } from "@contracts/devices/services";

/** The Settings tab's controls (devices.md §2). */
export type SettingsControl =
  | "rssh"
  | "headlessVnc"
  | "reboot"
  | "shutdown"
  | "enabled"
  | "remoteDesktop"
  | "screenshot"
  | "replacementCode"
  | "debug"
  | "vision"
  | "terminal";

export type SettingsViewer = {
  user: { super_admin: boolean; sys_dev: boolean };
  /** Content Manager or Admin of the space (Viewers only read). */
  canWrite: boolean;
};

/**
 * Whether the agent reports a remote desktop it can serve (a VNC server answering, or a headless
 * one it may start). Here, not in contracts/devices/services.ts: that module brings zod into the flyout.
 */
export const offersRemoteDesktop = (services: readonly { kind: ServiceKind; state: ServiceState }[] | undefined) =>
  (services ?? []).some((s) => s.kind === "remote_desktop" && s.state !== "not_installed");

type DeviceFacts = Pick<DeviceDetail, "online" | "device_type_name" | "connected_status"> & {
  latest_telemetry?: { services?: readonly { kind: ServiceKind; state: ServiceState }[] } | null;
};

/** Why a shown control cannot be used now (null: it can). */
export type DisabledReason = "readOnly" | "offline" | null;

/** Types whose agent can serve the browser terminal. */
export const TERMINAL_DEVICE_TYPES: ReadonlySet<string> = new Set([
  "Linux Computer",
  "Windows Computer",
  "Raspberry Pi",
]);

/** The type that has vision processing (devices.md §2). */
export const VISION_DEVICE_TYPE = "Linux Computer";

/**
 * Which controls a user sees (devices.md §6): Request RSSH for super admins and developers,
 * Headless VNC for developers only, Enable Vision on Linux Computers only, Terminal for
 * Content Managers and Admins on Linux, Windows and Raspberry Pi devices, the rest for everyone.
 */
export function visibleControls({ user, canWrite }: SettingsViewer, device: DeviceFacts): SettingsControl[] {
  const shown: SettingsControl[] = [];
  if (user.super_admin || user.sys_dev) shown.push("rssh");
  if (user.sys_dev) shown.push("headlessVnc");
  // Remote Desktop only where the agent reports one it can serve (a VNC server answering, or a
  // headless one it may start): offered elsewhere it could only fail after the click.
  if (offersRemoteDesktop(device.latest_telemetry?.services)) shown.push("remoteDesktop");
  shown.push("screenshot", "reboot", "shutdown", "enabled", "debug");
  // A shell on the device: Content Managers and Admins only (Viewers never see it).
  if (canWrite && TERMINAL_DEVICE_TYPES.has(device.device_type_name)) shown.push("terminal");
  if (device.device_type_name === VISION_DEVICE_TYPE) shown.push("vision");
  shown.push("replacementCode");
  return shown;
}

/** Everything except a replacement code goes to the device's agent, so it needs the device online (§5). */
const needsOnline = (control: SettingsControl) => control !== "replacementCode";

/** Viewers see the state read-only; an offline device refuses everything its agent must do. */
export function disabledReason(control: SettingsControl, viewer: SettingsViewer, device: DeviceFacts): DisabledReason {
  if (!viewer.canWrite) return "readOnly";
  if (needsOnline(control) && !device.online) return "offline";
  return null;
}
