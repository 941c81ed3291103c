import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { z } from "zod";
import {
  type DisplayDetectionResult,
  type DisplayFinding,
  DisplayFindings,
} from "../../../contracts/peripherals/schema.ts";
import { displayTable } from "../../../drizzle/schema/index.ts";
import { ApiError } from "../../lib/errors.ts";
import { type RemoteCtx, sendCommand } from "../commands/remote-actions.ts";
import { type DeviceRow, displaysOf, requireDevice } from "../devices/detail.ts";
import { announceDevice } from "../devices/events.ts";
import type { WriteArgs } from "../kernel/args.ts";
import { auditChange, inSpace } from "../kernel/scope.ts";

type StoredDisplay = typeof displayTable.$inferSelect;
/** What a detection on one device takes. */
export type DetectArgs = WriteArgs<{ uuid: string }, RemoteCtx>;

/**
 * Asks the agent for `action` and parses its answer; an answer that does not fit is the
 * device's failure (502), not the caller's.
 */
export async function askAgent<S extends z.ZodType>(
  ctx: RemoteCtx,
  device: DeviceRow,
  action: "detect-displays" | "detect-peripherals",
  schema: S,
): Promise<z.infer<S>> {
  const { result } = await sendCommand(ctx, device, action, {});
  const parsed = schema.safeParse(result);
  if (!parsed.success) throw new ApiError("device_failed", `The device sent an unreadable answer to ${action}.`);
  return parsed.data;
}

/** The stored value when it is still offered, else the agent's current one (if offered). */
function keptResolution(row: StoredDisplay, found: DisplayFinding) {
  const offered = found.available_resolutions;
  if (offered.includes(row.resolution)) return row.resolution;
  return offered.length === 0 || offered.includes(found.resolution) ? found.resolution : (offered[0] ?? "");
}

function keptRate(row: StoredDisplay, found: DisplayFinding, resolution: string) {
  const rates = found.available_refresh_rates[resolution] ?? [];
  if (row.refresh_rate !== null && rates.includes(row.refresh_rate)) return row.refresh_rate;
  if (found.refresh_rate !== null && rates.includes(found.refresh_rate)) return found.refresh_rate;
  return rates[0] ?? null;
}

/**
 * The writes a display detection makes: reported displays that exist (by name) get their hardware
 * fields refreshed, keeping what the operator chose (enabled, primary, orientation, applications);
 * new names are inserted enabled, one of them primary when the device has no enabled primary yet.
 * Displays the agent did not report are kept.
 */
export function planDisplayUpsert(
  ctx: Pick<RemoteCtx, "db" | "space">,
  device: DeviceRow,
  stored: readonly StoredDisplay[],
  findings: readonly DisplayFinding[],
) {
  const now = new Date().toISOString();
  const byName = new Map(stored.map((row) => [row.name, row]));
  const unique = [...new Map(findings.map((f) => [f.name, f])).values()];
  const fresh = unique.filter((f) => !byName.has(f.name));
  const hasPrimary = stored.some((row) => row.primary && !row.disabled);
  const primary = hasPrimary ? null : (fresh.find((f) => f.primary) ?? fresh[0] ?? null);
  const statements: BatchItem<"sqlite">[] = [];
  for (const found of unique) {
    const row = byName.get(found.name);
    if (!row) continue;
    const resolution = keptResolution(row, found);
    statements.push(
      ctx.db
        .update(displayTable)
        .set({
          resolution,
          refresh_rate: keptRate(row, found, resolution),
          available_resolutions: found.available_resolutions,
          available_refresh_rates: found.available_refresh_rates,
          graphical_output: found.graphical_output,
          updated_at: now,
        })
        .where(inSpace(ctx, displayTable, eq(displayTable.uuid, row.uuid))),
    );
  }
  for (const found of fresh) {
    statements.push(
      ctx.db.insert(displayTable).values({
        space_uuid: ctx.space.space_uuid,
        device_uuid: device.uuid,
        name: found.name,
        primary: found === primary,
        disabled: false,
        resolution: found.resolution,
        refresh_rate: found.refresh_rate,
        available_resolutions: found.available_resolutions,
        available_refresh_rates: found.available_refresh_rates,
        orientation: found.orientation,
        graphical_output: found.graphical_output,
        created_at: now,
        updated_at: now,
      }),
    );
  }
  return { statements, inserted: fresh.map((f) => f.name) };
}

/** What a detection writes: the names the agent reported, the merge's statements and the names it adds. */
type Merge = { reported: string[]; statements: BatchItem<"sqlite">[]; inserted: string[] };

/**
 * A display or peripheral detection on one device: `merge` asks the agent and plans the writes,
 * which land in one batch with the audit entry (`device.{kind}_detected`: reported and new
 * names); the device is then announced as updated. Resolves with the device and the new names.
 */
export async function detectOnDevice(
  { ctx, input, defer }: DetectArgs,
  kind: "displays" | "peripherals",
  merge: (device: DeviceRow) => Promise<Merge>,
): Promise<{ device: DeviceRow; inserted: string[] }> {
  const device = await requireDevice(ctx, input.uuid);
  const { reported, statements, inserted } = await merge(device);
  await ctx.db.batch([
    auditChange(ctx, {
      action: `device.${kind}_detected`,
      entityType: "device",
      entityUuid: device.uuid,
      after: { reported, [`new_${kind}`]: inserted },
    }),
    ...statements,
  ]);
  announceDevice(ctx, defer, "deviceUpdated", device);
  return { device, inserted };
}

/** POST …/peripherals/display/detection/: the agent's displays, merged into the device's. */
export async function detectDisplays(args: DetectArgs): Promise<DisplayDetectionResult> {
  const { ctx } = args;
  const { device, inserted } = await detectOnDevice(args, "displays", async (device) => {
    const { displays: findings } = await askAgent(ctx, device, "detect-displays", DisplayFindings);
    const stored = await ctx.db
      .select()
      .from(displayTable)
      .where(inSpace(ctx, displayTable, eq(displayTable.device_uuid, device.uuid)));
    return { reported: findings.map((f) => f.name), ...planDisplayUpsert(ctx, device, stored, findings) };
  });
  return { displays: await displaysOf(ctx, device.uuid), new_displays: inserted.length };
}
