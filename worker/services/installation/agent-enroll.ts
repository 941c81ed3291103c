import { and, eq, gt, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type {
  AgentEnrollInput,
  AgentEnrollment,
  AgentEnrollPending,
  AgentInventory,
} from "../../../contracts/installation/schema.ts";
import { CATEGORY_OF_DEVICE_TYPE, DEVICE_TYPE_UUID } from "../../../contracts/reference.ts";
import {
  installationCodeTable as code,
  deviceCredentialTable as cred,
  deviceTable as d,
  unclaimedDeviceTable as u,
} from "../../../drizzle/schema/index.ts";
import type { Env } from "../../env.ts";
import { randomToken, sha256Hex } from "../../lib/crypto.ts";
import type { Db } from "../../lib/db.ts";
import { ApiError } from "../../lib/errors.ts";
import { announceDevice } from "../devices/events.ts";
import type { WriteArgs } from "../kernel/args.ts";
import { auditInsertWhen } from "../kernel/audit-when.ts";
import { agentThrottle, type Throttle } from "./agent-throttle.ts";
import { hashInstallationCode } from "./codes.ts";

export type AgentCtx = { db: Db; env: Env };
export type Machine = Pick<AgentEnrollInput, "machine_id" | "inventory">;

/** The device columns an agent's report sets (only what it sent). */
function inventoryColumns(machine: Machine): Partial<typeof d.$inferInsert> {
  const { device_type, ...inventory }: AgentInventory = machine.inventory ?? {};
  const set: Partial<typeof d.$inferInsert> = Object.fromEntries(
    Object.entries(inventory).filter(([, v]) => v !== undefined),
  );
  if (machine.machine_id) set.machine_id = machine.machine_id;
  if (device_type) {
    set.device_type_uuid = DEVICE_TYPE_UUID[device_type];
    set.device_category_uuid = CATEGORY_OF_DEVICE_TYPE[device_type];
  }
  return set;
}

/**
 * The writes of a successful enrolment after `gate` (the statement that inserts this request's
 * credential only if the code or registration is still usable). Everything else is conditional
 * on that credential existing, so the loser of a race changes nothing. The device is connected
 * from now on (the DeviceRoom's presence makes it online once the agent joins); a replaced
 * agent's credentials are revoked.
 */
async function enrol(
  ctx: AgentCtx,
  device: { uuid: string; space_uuid: string; name: string; installed_at: string | null },
  gate: (hash: string, now: string) => BatchItem<"sqlite">,
  consume: (mine: SQL, now: string) => BatchItem<"sqlite">,
  machine: Machine,
  via: string,
): Promise<AgentEnrollment | null> {
  const credential = randomToken();
  const hash = await sha256Hex(credential);
  const now = new Date().toISOString();
  const mine = sql`exists (select 1 from ${cred} where ${cred.token_hash} = ${hash})`;
  const [inserted] = await ctx.db.batch([
    gate(hash, now),
    consume(mine, now),
    ctx.db
      .update(cred)
      .set({ revoked_at: now })
      .where(and(eq(cred.device_uuid, device.uuid), ne(cred.token_hash, hash), isNull(cred.revoked_at), mine)),
    ctx.db
      .update(d)
      .set({
        ...inventoryColumns(machine),
        connected_status: "connected",
        installed_at: device.installed_at ?? now,
        installation_date: now,
        updated_at: now,
      })
      .where(and(eq(d.uuid, device.uuid), eq(d.space_uuid, device.space_uuid), mine)),
    auditInsertWhen(
      ctx.db,
      {
        spaceUuid: device.space_uuid,
        actorDeviceUuid: device.uuid,
        action: "device.enrol",
        entityType: "device",
        entityUuid: device.uuid,
        after: { via, machine_id: machine.machine_id ?? null, connected_status: "connected" },
      },
      mine,
    ),
  ]);
  if ((inserted as unknown[]).length === 0) return null;
  return { device_uuid: device.uuid, space_uuid: device.space_uuid, credential };
}

const invalidCode = () => new ApiError("bad_request", "Invalid or expired installation code.");

async function enrolWithCode(ctx: AgentCtx, input: Machine & { code: string }, throttle: Throttle) {
  const now = new Date().toISOString();
  const found = await ctx.db
    .select({ code: code.uuid, device: d })
    .from(code)
    .innerJoin(d, and(eq(d.uuid, code.device_uuid), eq(d.space_uuid, code.space_uuid)))
    .where(
      and(
        eq(code.code_hash, await hashInstallationCode(input.code)),
        isNull(code.used_at),
        isNull(code.revoked_at),
        gt(code.expires_at, now),
        ne(d.connected_status, "archived"),
      ),
    )
    .get();
  if (!found) return throttle.fail(invalidCode());
  const usable = and(
    eq(code.uuid, found.code),
    isNull(code.used_at),
    isNull(code.revoked_at),
    gt(code.expires_at, now),
  );
  const result = await enrol(
    ctx,
    found.device,
    (hash, at) =>
      ctx.db
        .insert(cred)
        .select(sql`select ${hash}, ${code.device_uuid}, ${code.space_uuid}, ${at}, null from ${code} where ${usable}`)
        .returning({ token_hash: cred.token_hash }),
    (mine, at) => ctx.db.update(code).set({ used_at: at, code_sealed: null }).where(and(usable, mine)),
    input,
    "installation_code",
  );
  return result ?? throttle.fail(invalidCode());
}

const unknownRegistration = () => new ApiError("bad_request", "Unknown, expired or used registration.");

async function enrolWithRegistration(
  ctx: AgentCtx,
  input: Machine & { unclaimed_device_uuid: string; secret: string },
  throttle: Throttle,
): Promise<AgentEnrollment | AgentEnrollPending> {
  const row = await ctx.db.select().from(u).where(eq(u.uuid, input.unclaimed_device_uuid)).get();
  if (!row || row.secret_hash !== (await sha256Hex(input.secret)) || row.enrolled_at) {
    return throttle.fail(unknownRegistration());
  }
  if (!row.claimed_device_uuid) {
    if (row.expires_at <= new Date().toISOString()) throw unknownRegistration();
    return { status: "unclaimed" };
  }
  const device = await ctx.db.select().from(d).where(eq(d.uuid, row.claimed_device_uuid)).get();
  if (device?.connected_status !== "installation_pending") throw unknownRegistration();
  const usable = and(eq(u.uuid, row.uuid), eq(u.claimed_device_uuid, device.uuid), isNull(u.enrolled_at));
  const result = await enrol(
    ctx,
    device,
    (hash, at) =>
      ctx.db
        .insert(cred)
        .select(
          sql`select ${hash}, ${d.uuid}, ${d.space_uuid}, ${at}, null from ${d} where ${d.uuid} = ${device.uuid}
            and ${d.connected_status} = 'installation_pending' and exists (select 1 from ${u} where ${usable})`,
        )
        .returning({ token_hash: cred.token_hash }),
    (mine, at) => ctx.db.update(u).set({ enrolled_at: at }).where(and(usable, mine)),
    {
      machine_id: input.machine_id ?? row.machine_id,
      inventory: input.inventory ?? (row.inventory as AgentInventory | null) ?? undefined,
    },
    "qr_code",
  );
  if (!result) throw unknownRegistration();
  return result;
}

/**
 * POST /api/agent/enroll: an agent exchanges an installation code (or its claimed registration)
 * for the device's credential. Failed attempts count against the client address (≤ 10 per
 * 15 minutes); a locked address gets 429 before anything is looked up.
 */
export async function enrollAgent({
  ctx,
  input,
  defer,
}: WriteArgs<AgentEnrollInput & { address: string }, AgentCtx>): Promise<AgentEnrollment | AgentEnrollPending> {
  const throttle = await agentThrottle(ctx.db, "enroll", input.address);
  const result =
    "code" in input ? await enrolWithCode(ctx, input, throttle) : await enrolWithRegistration(ctx, input, throttle);
  if ("device_uuid" in result) {
    const space = { space_uuid: result.space_uuid };
    const device = await ctx.db.select({ name: d.name }).from(d).where(eq(d.uuid, result.device_uuid)).get();
    announceDevice({ env: ctx.env, space }, defer, "deviceInstalled", {
      uuid: result.device_uuid,
      name: device?.name ?? "",
    });
  }
  return result;
}
