/*
 * The connect writes of a reconnect wave, gathered across the rooms of an isolate (docs/scale.md,
 * "Reconnect storms"): the gatherer (gatherer.ts), and what it writes: online and offline
 * transitions (presence-writes.ts, with the location status push of location-push.ts), hellos'
 * inventories (hello-write.ts) and latest telemetry (telemetry-write.ts). The rooms' services
 * and the tests import them from here.
 */
import { helloStats } from "./hello-write.ts";
import { presenceStats } from "./presence-writes.ts";
import { telemetryStats } from "./telemetry-write.ts";

export { gatherHello, type HelloItem, type HelloRow } from "./hello-write.ts";
export {
  gatherOffline,
  gatherOnline,
  type OfflineItem,
  type OfflineRow,
  type OnlineRow,
} from "./presence-writes.ts";
export { gatherTelemetry, type TelemetryItem, type TelemetryRow } from "./telemetry-write.ts";

/** Batches and devices written so far in this isolate (the bench and tests read them). */
export const gatheredSoFar = () => ({
  online: { ...presenceStats.online },
  offline: { ...presenceStats.offline },
  hellos: { ...helloStats },
  telemetry: { ...telemetryStats },
});
