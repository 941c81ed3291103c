import "@/lib/i18n/locales/en-device";
import type { CameraConnectionTestResult, CameraUpdateInput } from "@contracts/cameras/schema";
import type { DeviceDetail } from "@contracts/devices/detail";
import { z } from "zod";
import type { TFunction } from "@/lib/i18n";

/** devices.md §3 Camera: the connection form edits every field as text. */
export type CameraFormValues = {
  ip_address: string;
  http_port: string;
  main_rtsp_port: string;
  sub_rtsp_port: string;
  main_rtsp_url: string;
  main_stream: string;
  sub_stream: string;
  username: string;
  password: string;
};
export type CameraField = keyof CameraFormValues;

/** The fields in form order; devices.md §5 requires six of them (message Required.). */
export const CAMERA_FIELDS: readonly { name: CameraField; required: boolean; port?: boolean; secret?: boolean }[] = [
  { name: "ip_address", required: true },
  { name: "http_port", required: true, port: true },
  { name: "main_rtsp_port", required: true, port: true },
  { name: "sub_rtsp_port", required: false, port: true },
  { name: "main_rtsp_url", required: false },
  { name: "main_stream", required: true },
  { name: "sub_stream", required: false },
  { name: "username", required: true },
  { name: "password", required: true, secret: true },
];

/** devices.md §5: text inputs take at most 256 characters. */
export const CAMERA_TEXT_MAX = 256;

const isPort = (value: string) => /^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535;

/** The form's schema; messages come from i18n (Required. is the spec's text). */
export function cameraFormSchema(t: TFunction) {
  const field = (required: boolean, port?: boolean) => {
    let text = z
      .string()
      .trim()
      .max(CAMERA_TEXT_MAX, t("device.camera.error.max", { max: CAMERA_TEXT_MAX }));
    if (required) text = text.min(1, t("device.camera.error.required"));
    return port ? text.refine((v) => v === "" || isPort(v), t("device.camera.error.port")) : text;
  };
  const shape = Object.fromEntries(CAMERA_FIELDS.map((f) => [f.name, field(f.required, f.port)]));
  return z.object(shape as Record<CameraField, ReturnType<typeof field>>);
}

/** The stored settings as form values; the password is never returned, so it starts empty. */
export function cameraFormDefaults(camera: DeviceDetail["camera"]): CameraFormValues {
  return {
    ip_address: camera?.ip_address ?? "",
    http_port: camera ? String(camera.http_port) : "",
    main_rtsp_port: camera ? String(camera.main_rtsp_port) : "",
    sub_rtsp_port: camera?.sub_rtsp_port == null ? "" : String(camera.sub_rtsp_port),
    main_rtsp_url: camera?.main_rtsp_url ?? "",
    main_stream: camera?.main_stream ?? "",
    sub_stream: camera?.sub_stream ?? "",
    username: camera?.username ?? "",
    password: "",
  };
}

/** What a connection test would send (devices.md §7 connection-test body), ports as numbers. */
export function connectionTestBody(values: CameraFormValues) {
  return {
    http_port: Number(values.http_port),
    main_rtsp_port: Number(values.main_rtsp_port),
    main_rtsp_url: values.main_rtsp_url.trim(),
    username: values.username.trim(),
    password: values.password,
  };
}

/** The test with the form's address and stream too (they may have changed since the last save). */
export function connectionTestRequest(values: CameraFormValues) {
  return {
    ...connectionTestBody(values),
    ip_address: values.ip_address.trim(),
    main_stream: values.main_stream.trim(),
  };
}

/** PATCH …/camera/{camera}/ body: every field, ports as numbers, an empty sub RTSP port as none; an empty password keeps the stored one. */
export function cameraUpdateBody(values: CameraFormValues): CameraUpdateInput {
  return {
    ip_address: values.ip_address.trim(),
    http_port: Number(values.http_port),
    main_rtsp_port: Number(values.main_rtsp_port),
    sub_rtsp_port: values.sub_rtsp_port.trim() ? Number(values.sub_rtsp_port) : null,
    main_rtsp_url: values.main_rtsp_url.trim(),
    main_stream: values.main_stream.trim(),
    sub_stream: values.sub_stream.trim(),
    username: values.username.trim(),
    ...(values.password ? { password: values.password } : {}),
  };
}

/** How a connection test reads: both ports answered (success), or which did not and why (warning). */
export function connectionOutcome(result: CameraConnectionTestResult) {
  const code = (p: CameraConnectionTestResult["http"]) => (p.status === null ? "—" : String(p.status));
  if (result.ok) return { ok: true as const, http: code(result.http), rtsp: code(result.rtsp) };
  const failed = [result.http, result.rtsp].filter((p) => !p.reachable).map((p) => p.message);
  return { ok: false as const, reason: failed.join("; ") };
}
