/**
 * What the DeviceRoom writes of an agent's hello (its inventory and settings), apart from the
 * room: the rule that spares the catalogue a write for an unchanged hello is one small unit.
 */
import type { ClientMessage } from "../../contracts/realtime/events.ts";
import type { Env } from "../env.ts";
import type { HelloRow } from "../services/devices/hello-write.ts";
import { recordInventory } from "../services/devices/records.ts";
import { kvGet, kvSet } from "./device-storage.ts";

/** An unchanged hello is written again after this long (ms), so the catalogue never drifts for good. */
export const HELLO_REWRITE_MS = 24 * 3600_000;

/**
 * The hello's inventory and settings, written to D1 (batched with other rooms' hellos) only when
 * they differ from what this room last wrote, or once a day: a device that reconnects with the
 * same inventory, as a whole fleet does after an outage, costs the catalogue nothing here.
 * Answers the device's row as the write returned it (undefined when nothing was written).
 */
export async function recordHello(
  env: Env,
  sql: SqlStorage,
  device: string,
  hello: Extract<ClientMessage, { type: "hello" }>,
): Promise<HelloRow | undefined> {
  const signature = JSON.stringify([hello.machine_id ?? null, hello.inventory ?? null, hello.settings ?? null]);
  const kept = kvGet<{ signature: string; at: number }>(sql, "hello");
  const now = Date.now();
  if (kept?.signature === signature && now - kept.at < HELLO_REWRITE_MS) return undefined;
  try {
    const row = await recordInventory(env, device, hello);
    kvSet(sql, "hello", { signature, at: now });
    return row;
  } catch (error) {
    console.error("inventory", error);
    return undefined;
  }
}
