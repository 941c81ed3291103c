/**
 * Whether a device's health is current. Health is what the agent last reported: a device that is
 * not online now (offline, disconnected, archived, never installed) cannot vouch for it, so its
 * health reads as "last known, as of" when it was last seen, never as a fresh verdict.
 */
export type HealthFreshness = { stale: false } | { stale: true; asOf: string | null };

type Presence = {
  online: boolean;
  last_seen?: string | null;
  telemetry_updated_at?: string | null;
};

export function healthFreshness(device: Presence): HealthFreshness {
  if (device.online) return { stale: false };
  return { stale: true, asOf: device.last_seen ?? device.telemetry_updated_at ?? null };
}

/** An offline device in use (connected, not archived): a problem in its own right, whatever it last reported. */
export const isOfflineProblem = (device: { online: boolean; connected_status: string }) =>
  device.connected_status === "connected" && !device.online;
