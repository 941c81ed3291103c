import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  DISPLAY_RULES,
  DISPLAY_TEXTS,
  type DisplayConfiguration,
  type DisplayConfigurationInput,
  type DisplayConfigurationSaved,
} from "../../../contracts/peripherals/schema.ts";
import { applicationTable, displayApplicationTable as da, displayTable } from "../../../drizzle/schema/index.ts";
import { ApiError, OutcomeUnknownError } from "../../lib/errors.ts";
import { type RemoteCtx, sendCommand } from "../commands/remote-actions.ts";
import { deviceWith, displayReads, displaysFrom, displaysOf, requireDevice } from "../devices/detail.ts";
import { announceDevice } from "../devices/events.ts";
import type { ServiceArgs, WriteArgs } from "../kernel/args.ts";
import { auditInsert } from "../kernel/audit.ts";
import { roomIn } from "../kernel/placement.ts";
import { inList, inSpace } from "../kernel/scope.ts";
import { appliedDisplays } from "./applied-displays.ts";
import { displayConfigurationErrors } from "./display-rules.ts";

const fill = (text: string, name: string) => text.replace("{name}", name);

/** GET …/peripherals/display/configuration/: the device's displays with their applications. */
export async function getDisplayConfiguration({
  ctx,
  input,
}: ServiceArgs<{ uuid: string }, RemoteCtx>): Promise<DisplayConfiguration> {
  const {
    results: [displays, apps],
  } = await deviceWith(ctx, input.uuid, displayReads(ctx, input.uuid));
  return { displays: displaysFrom(displays, apps) };
}

/**
 * POST …/peripherals/display/configuration/: checks the §4 rules (400 with field errors), stores
 * the configuration at once (displays and their applications in one batch), then sends it to an
 * online agent ("apply-display-config"). Offline: stored, applied false. A failure or timeout of
 * the agent after storing is 502 device_failed; the stored configuration stays. A device in demo
 * mode is refused with 409 conflict: the request is sound, the device's state forbids it.
 */
export async function saveDisplayConfiguration({
  ctx,
  input,
  defer,
}: WriteArgs<{ uuid: string } & DisplayConfigurationInput, RemoteCtx>): Promise<DisplayConfigurationSaved> {
  const device = await requireDevice(ctx, input.uuid);
  if (device.demo_mode) throw new ApiError("conflict", DISPLAY_RULES.demoMode);
  const stored = await ctx.db
    .select()
    .from(displayTable)
    .where(inSpace(ctx, displayTable, eq(displayTable.device_uuid, device.uuid)));
  if (stored.length === 0) throw new ApiError("bad_request", fill(DISPLAY_TEXTS.noDisplays, device.name));
  const entries = input.displays_configuration;
  const wanted = [...new Set(entries.flatMap((e) => e.applications.map((a) => a.uuid)))];
  const known = wanted.length
    ? await ctx.db
        .select({ uuid: applicationTable.uuid })
        .from(applicationTable)
        .where(inList(applicationTable.uuid, wanted))
    : [];
  const errors = displayConfigurationErrors(stored, entries, new Set(known.map((a) => a.uuid)));
  const messages = Object.values(errors).flat();
  if (messages.length) throw new ApiError("bad_request", messages[0], errors);

  const before = await displaysOf(ctx, device.uuid);
  const now = new Date().toISOString();
  const links = entries.flatMap((e) =>
    e.applications.map((app, position) => ({
      display_uuid: e.uuid,
      application_uuid: app.uuid,
      space_uuid: ctx.space.space_uuid,
      config: app.config,
      position,
    })),
  );
  const statements: BatchItem<"sqlite">[] = [
    ...entries.map((e) =>
      ctx.db
        .update(displayTable)
        .set({
          primary: e.primary,
          disabled: e.disabled,
          resolution: e.resolution,
          refresh_rate: e.refresh_rate,
          orientation: e.orientation,
          updated_at: now,
        })
        .where(inSpace(ctx, displayTable, eq(displayTable.uuid, e.uuid), eq(displayTable.device_uuid, device.uuid))),
    ),
    ctx.db.delete(da).where(
      inSpace(
        ctx,
        da,
        inList(
          da.display_uuid,
          stored.map((d) => d.uuid),
        ),
      ),
    ),
    // One row per statement: an application's config is free JSON, and D1 binds 100 values at most.
    ...links.map((link) => ctx.db.insert(da).values(link)),
  ];
  await ctx.db.batch([
    auditInsert(ctx.db, {
      spaceUuid: ctx.space.space_uuid,
      actorUserUuid: ctx.user.uuid,
      action: "device.displays_configuration",
      entityType: "device",
      entityUuid: device.uuid,
      before: { displays_configuration: before },
      after: { displays_configuration: entries },
    }),
    ...statements,
  ]);
  announceDevice({ env: ctx.env, space: ctx.space }, defer, "deviceUpdated", device);
  const displays = await displaysOf(ctx, device.uuid);
  // What the agent gets: the displays with their applications' launch definitions and option values.
  const applied = await appliedDisplays(ctx, displays);
  // Offline (or the agent left between the check and the send): the room keeps the
  // configuration and hands it to the agent when it next says hello.
  const later = async () => {
    const room = await roomIn(ctx, "device", device.uuid);
    await room.setPendingDisplayConfig({
      displays: applied,
      actor: { user_uuid: ctx.user.uuid, space_uuid: ctx.space.space_uuid },
    });
    return { displays, applied: false };
  };
  if (!device.online) return later();
  let dryRun = false;
  try {
    const { result } = await sendCommand(ctx, device, "apply-display-config", { displays: applied });
    dryRun = result.dry_run === true;
  } catch (error) {
    if (error instanceof ApiError && error.code === "device_offline") return later();
    // Taken by the agent, answer missing: say so (504 outcome_unknown), not that it failed.
    if (error instanceof OutcomeUnknownError) throw error;
    throw new ApiError("device_failed", fill(DISPLAY_TEXTS.saveFailed, device.name));
  }
  // Applied: an older configuration still waiting must not overwrite it on the next hello.
  await (await roomIn(ctx, "device", device.uuid)).setPendingDisplayConfig(null);
  // The agent only wrote it down (no --allow-display): not applied, and the answer says so.
  return dryRun ? { displays, applied: false, dry_run: true } : { displays, applied: true };
}
