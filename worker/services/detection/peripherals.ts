import { asc, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  type ApplicationList,
  ApplicationTemplate,
  type PeripheralDetectionResult,
  type PeripheralFinding,
  PeripheralFindings,
} from "../../../contracts/peripherals/schema.ts";
import { PERIPHERAL_TYPE_UUID, type PeripheralTypeKey } from "../../../contracts/reference.ts";
import { applicationTable, peripheralTable as p } from "../../../drizzle/schema/index.ts";
import type { RemoteCtx } from "../commands/remote-actions.ts";
import { type DeviceRow, peripheralsOf, requireDevice } from "../devices/detail.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { inSpace } from "../kernel/scope.ts";
import { askAgent, type DetectArgs, detectOnDevice } from "./displays.ts";

type StoredPeripheral = typeof p.$inferSelect;

const typeUuidOf = (key: string): string | null =>
  Object.hasOwn(PERIPHERAL_TYPE_UUID, key) ? PERIPHERAL_TYPE_UUID[key as PeripheralTypeKey] : null;

/** The stored peripheral a finding is: same serial number when it has one, else same name. */
const matchOf = (stored: readonly StoredPeripheral[], found: PeripheralFinding) =>
  found.serial_number
    ? stored.find((row) => row.serial_number === found.serial_number)
    : stored.find((row) => row.name === found.name);

/**
 * The writes a peripheral detection makes: findings of an unknown type are skipped; a known
 * peripheral gets its descriptive fields refreshed and keeps `enabled` (and its health); others
 * are inserted enabled. Peripherals the agent did not report are kept.
 */
export function planPeripheralUpsert(
  ctx: Pick<RemoteCtx, "db" | "space">,
  device: DeviceRow,
  stored: readonly StoredPeripheral[],
  findings: readonly PeripheralFinding[],
) {
  const now = new Date().toISOString();
  const statements: BatchItem<"sqlite">[] = [];
  const seen = new Set<string>();
  const inserted: string[] = [];
  for (const found of findings) {
    const typeUuid = typeUuidOf(found.type);
    const key = found.serial_number ? `serial:${found.serial_number}` : `name:${found.name}`;
    if (!typeUuid || seen.has(key)) continue;
    seen.add(key);
    const fields = {
      name: found.name,
      peripheral_type_uuid: typeUuid,
      manufacturer: found.manufacturer,
      model: found.model,
      communication_protocol: found.communication_protocol,
      currency: found.currency,
      serial_number: found.serial_number,
      firmware: found.firmware,
      protocol_details: found.protocol_details,
      updated_at: now,
    };
    const row = matchOf(stored, found);
    if (row) {
      statements.push(
        ctx.db
          .update(p)
          .set(fields)
          .where(inSpace(ctx, p, eq(p.uuid, row.uuid))),
      );
      continue;
    }
    inserted.push(found.name);
    statements.push(
      ctx.db.insert(p).values({
        ...fields,
        space_uuid: ctx.space.space_uuid,
        device_uuid: device.uuid,
        enabled: true,
        created_at: now,
      }),
    );
  }
  return { statements, inserted };
}

/** POST …/peripherals/detection/: the agent's peripherals, merged into the device's Misc list. */
export async function detectPeripherals(args: DetectArgs): Promise<PeripheralDetectionResult> {
  const { ctx } = args;
  const { device, inserted } = await detectOnDevice(args, "peripherals", async (device) => {
    const { peripherals: findings } = await askAgent(ctx, device, "detect-peripherals", PeripheralFindings);
    const stored = await ctx.db
      .select()
      .from(p)
      .where(inSpace(ctx, p, eq(p.device_uuid, device.uuid)));
    return { reported: findings.map((f) => f.name), ...planPeripheralUpsert(ctx, device, stored, findings) };
  });
  return { peripherals: await peripheralsOf(ctx, device.uuid), new_peripherals: inserted.length };
}

/**
 * GET …/device/{id}/application/items/: every application (they are global, Admin Panel), with
 * its template when the stored config holds a readable one.
 */
export async function listApplications({
  ctx,
  input,
}: ServiceArgs<{ uuid: string }, RemoteCtx>): Promise<ApplicationList> {
  await requireDevice(ctx, input.uuid);
  const rows = await ctx.db
    .select({ uuid: applicationTable.uuid, name: applicationTable.name, config: applicationTable.config })
    .from(applicationTable)
    .orderBy(asc(applicationTable.name), asc(applicationTable.uuid));
  return {
    applications: rows.map((row) => {
      const template = ApplicationTemplate.safeParse(row.config?.template);
      return { uuid: row.uuid, name: row.name, template: template.success ? template.data : null };
    }),
  };
}
