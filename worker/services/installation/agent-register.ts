import { type AgentRegistration, INSTALLATION_CODE_TTL_HOURS } from "../../../contracts/installation/schema.ts";
import { unclaimedDeviceTable as u } from "../../../drizzle/schema/index.ts";
import { randomToken, sha256Hex } from "../../lib/crypto.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import type { AgentCtx, Machine } from "./agent-enroll.ts";
import { agentThrottle } from "./agent-throttle.ts";

/**
 * POST /api/agent/unclaimed: an agent without a code registers; it shows the returned uuid as a
 * QR code and polls POST /api/agent/enroll with the secret until an operator claims it. Every
 * registration counts against the client address (≤ 10 per 15 minutes).
 */
export async function registerAgent({
  ctx,
  input,
}: ServiceArgs<Machine & { address: string }, AgentCtx>): Promise<AgentRegistration> {
  const throttle = await agentThrottle(ctx.db, "register", input.address);
  await throttle.count();
  const secret = randomToken();
  const expires_at = new Date(Date.now() + INSTALLATION_CODE_TTL_HOURS * 3600_000).toISOString();
  const [row] = await ctx.db
    .insert(u)
    .values({
      secret_hash: await sha256Hex(secret),
      machine_id: input.machine_id ?? null,
      inventory: input.inventory ?? null,
      expires_at,
    })
    .returning({ uuid: u.uuid });
  return { unclaimed_device_uuid: row.uuid, secret, expires_at };
}
