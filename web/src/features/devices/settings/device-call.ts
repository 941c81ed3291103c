import type { CommandAction } from "@contracts/realtime/events";
import { headlessRemoteSharing, powerControl, remoteSharing, screenCapture } from "@contracts/remote-actions/routes";
import { API_BASE, ApiError, apiBlob, callApi } from "@/lib/api/api";

/** The device a remote action goes to. */
export type RemoteTarget = { space: string; uuid: string };

type RemoteCall = (target: RemoteTarget, requestId: string, signal?: AbortSignal) => Promise<unknown>;

/**
 * The remote actions the console runs from a device's toolbar, settings and palette (devices.md
 * §7), keyed by the command the agent runs: each is its route and body through callApi, so the
 * body is checked against the route's request schema and the reply typed by its success schema.
 * The API answers an agent's refusal with 502 and an offline device or a broker timeout with 503,
 * both as ApiError. Power control has no space in its path and answers 204 (or 200: a dry run).
 */
export const REMOTE_CALLS = {
  "reverse-ssh": (target, request_id, signal?) =>
    callApi(remoteSharing, { params: target, json: { action: "reverse-ssh", request_id }, signal }),
  "remote-desktop": (target, request_id, signal?) =>
    callApi(remoteSharing, { params: target, json: { action: "remote-desktop", request_id }, signal }),
  "headless-remote-desktop": (target, request_id, signal?) =>
    callApi(headlessRemoteSharing, { params: target, json: { action: "remote-desktop", request_id }, signal }),
  screenshot: (target, request_id, signal?) =>
    callApi(screenCapture, { params: target, json: { action: "screenshot", request_id }, signal }),
  "instant-reboot": (target, request_id, signal?) =>
    callApi(powerControl, { params: { uuid: target.uuid }, json: { action: "instant-reboot", request_id }, signal }),
  "instant-power-off": (target, request_id, signal?) =>
    callApi(powerControl, {
      params: { uuid: target.uuid },
      json: { action: "instant-power-off", request_id },
      signal,
    }),
} satisfies Partial<Record<CommandAction, RemoteCall>>;

export type RemoteCommand = keyof typeof REMOTE_CALLS;

/** The reply of a remote action, as its route types it. */
export type RemoteReply<C extends RemoteCommand = RemoteCommand> = Awaited<ReturnType<(typeof REMOTE_CALLS)[C]>>;

/** An image behind the bearer token (a screenshot, by the URL the API gave) as a Blob. */
export function fetchBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  // The token only ever goes to this console's own API.
  if (!url.startsWith(`${API_BASE}/`)) return Promise.reject(new ApiError(0, null));
  return apiBlob(url.slice(API_BASE.length), signal);
}
