import "@/lib/i18n/locales/en-device";
import type { MessageKey } from "@/lib/i18n";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const EXACT_UUID = new RegExp(`^${UUID.source}$`, "i");

/**
 * The unclaimed device uuid in a scanned QR: a bare uuid, JSON carrying unclaimed_device_uuid, or
 * a URL with it as a query parameter or last path segment. Anything else is not ours (null).
 */
export function parseQrPayload(text: string): string | null {
  const value = text.trim();
  if (EXACT_UUID.test(value)) return value.toLowerCase();
  if (value.startsWith("{")) {
    try {
      const json: unknown = JSON.parse(value);
      const uuid = json && typeof json === "object" ? (json as Record<string, unknown>).unclaimed_device_uuid : null;
      return typeof uuid === "string" && EXACT_UUID.test(uuid) ? uuid.toLowerCase() : null;
    } catch {
      return null;
    }
  }
  try {
    const url = new URL(value);
    const param = url.searchParams.get("unclaimed_device_uuid");
    if (param && EXACT_UUID.test(param)) return param.toLowerCase();
    const last = url.pathname.split("/").filter(Boolean).at(-1) ?? "";
    return EXACT_UUID.test(last) ? last.toLowerCase() : null;
  } catch {
    return null;
  }
}

export type CameraEnv = { secure: boolean; getUserMedia: boolean };

/** devices.md §5: the six camera problems a scan can run into, each with its own text. */
export function cameraProblem(env: CameraEnv, error?: unknown): MessageKey {
  if (!env.secure) return "device.qr.error.insecure";
  if (!env.getUserMedia) return "device.qr.error.unsupported";
  const name = error && typeof error === "object" && "name" in error ? String(error.name) : "";
  if (name === "NotAllowedError" || name === "SecurityError") return "device.qr.error.denied";
  if (name === "NotFoundError" || name === "DevicesNotFoundError") return "device.qr.error.noCamera";
  if (name === "NotReadableError" || name === "TrackStartError") return "device.qr.error.inUse";
  if (name === "OverconstrainedError") return "device.qr.error.unsuitable";
  return "device.qr.error.unsupported";
}

/** Scan QR is offered where a camera faces the device: touch screens (coarse pointer) or narrow viewports. */
export const offersQrScan = (coarsePointer: boolean, width: number) => coarsePointer || width < 768;
