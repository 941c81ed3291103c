import { z } from "zod";
import { CameraSettings } from "../devices/detail.ts";

/*
 * IP camera calls (devices.md §2 Camera settings, §3 Camera, §5, §7):
 *
 *   POST  /api/space/{space}/location/{loc}/camera/{camera}/connection-test/
 *         CameraConnectionTestInput → CameraConnectionTestResult
 *   PATCH /api/space/{space}/location/{loc}/camera/{camera}/  CameraUpdateInput → CameraSettings
 *   POST  /api/space/{space}/location/{loc}/camera/{camera}/snapshot/ → CameraSnapshotResult
 *   GET   /api/space/{space}/location/{loc}/camera/{camera}/snapshot/{shot}  (JPEG; `latest.jpg` too)
 *
 * A camera has no agent of its own: the test and the snapshot run through a runner device of the
 * camera's location (an online, connected device that is not a camera), as the agent commands
 * "camera-connection-test" and "camera-snapshot". The snapshot is kept in R2 (ARCHITECTURE: R2).
 */

/** devices.md §5: text inputs take at most 256 characters. */
export const CAMERA_TEXT_MAX = 256;
const REQUIRED = "Required.";

const text = z
  .string()
  .trim()
  .max(CAMERA_TEXT_MAX, `Ensure this field has no more than ${CAMERA_TEXT_MAX} characters.`);
const required = text.min(1, REQUIRED);
const port = z.coerce
  .number({ error: REQUIRED })
  .int("A valid integer is required.")
  .min(1, "Ensure this value is greater than or equal to 1.")
  .max(65535, "Ensure this value is less than or equal to 65535.");

/**
 * POST …/connection-test/: the spec's body {http_port, main_rtsp_port, main_rtsp_url, username,
 * password}; ip_address and main_stream may come along (the form's current values), else the
 * stored ones are used; an empty password means the stored one.
 */
export const CameraConnectionTestInput = z.object({
  ip_address: required.optional(),
  http_port: port,
  main_rtsp_port: port,
  main_rtsp_url: text.default(""),
  main_stream: text.optional(),
  username: text.default(""),
  password: z.string().max(CAMERA_TEXT_MAX).default(""),
});
export type CameraConnectionTestInput = z.input<typeof CameraConnectionTestInput>;

/** One reachability check: whether it answered, its status (HTTP code, RTSP code), how long it took. */
export const CameraProbe = z.object({
  reachable: z.boolean(),
  /** The HTTP status or RTSP status code; null when nothing answered. */
  status: z.number().int().nullable(),
  latency_ms: z.number().nonnegative().nullable(),
  message: z.string().max(500),
});
export type CameraProbe = z.infer<typeof CameraProbe>;

/** The agent's answer to camera-connection-test. */
export const CameraProbeAnswer = z.object({ http: CameraProbe, rtsp: CameraProbe });

/** Reply of the connection test: both checks, `ok` when both answered, which runner ran them. */
export const CameraConnectionTestResult = CameraProbeAnswer.extend({
  ok: z.boolean(),
  runner_uuid: z.string(),
  tested_at: z.string(),
});
export type CameraConnectionTestResult = z.infer<typeof CameraConnectionTestResult>;

/** The agent command's params (what the runner connects to). */
export const CameraProbeParams = z.object({
  ip_address: z.string().min(1).max(CAMERA_TEXT_MAX),
  http_port: z.number().int().min(1).max(65535),
  main_rtsp_port: z.number().int().min(1).max(65535),
  main_rtsp_url: z.string().max(CAMERA_TEXT_MAX),
  main_stream: z.string().max(CAMERA_TEXT_MAX),
  username: z.string().max(CAMERA_TEXT_MAX),
  password: z.string().max(CAMERA_TEXT_MAX),
});
export type CameraProbeParams = z.infer<typeof CameraProbeParams>;

/** The agent's answer to camera-snapshot: a JPEG as base64 and how it was taken. */
export const CameraSnapshotAnswer = z.object({
  image_base64: z.base64(),
  source: z.string().max(500).optional(),
});

/**
 * PATCH …/camera/{camera}/: saves the connection fields (devices.md §3 Camera). Fields left out
 * are kept; an empty or absent password keeps the stored one; sub_rtsp_port may be null.
 */
export const CameraUpdateInput = z.object({
  ip_address: required.optional(),
  http_port: port.optional(),
  main_rtsp_port: port.optional(),
  sub_rtsp_port: port.nullable().optional(),
  main_rtsp_url: text.optional(),
  main_stream: required.optional(),
  sub_stream: text.optional(),
  username: required.optional(),
  password: z.string().max(CAMERA_TEXT_MAX).optional(),
});
export type CameraUpdateInput = z.input<typeof CameraUpdateInput>;

/** Reply of PATCH: the saved settings (never the password). */
export const CameraSaved = CameraSettings;

/** Reply of POST …/snapshot/: where the JPEG is and when it was taken. */
export const CameraSnapshotResult = z.object({ snapshot_url: z.string(), taken_at: z.string() });
export type CameraSnapshotResult = z.infer<typeof CameraSnapshotResult>;

/** A snapshot's file name: `{id}.jpg`, or `latest.jpg` for the newest. */
export const CAMERA_SNAPSHOT_FILE = /^[A-Za-z0-9_-]+\.jpg$/;

/** 503 when the camera's location has no runner online to reach it (devices.md §7 push text). */
export const NO_APP_RUNNERS_MESSAGE = "Device has no app runners available";
