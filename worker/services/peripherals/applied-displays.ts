import { ApplicationLaunch } from "../../../contracts/admin/applications.ts";
import type { CommandParams } from "../../../contracts/commands/schema.ts";
import type { Display } from "../../../contracts/devices/detail.ts";
import type { ApplicationConfig } from "../../../drizzle/schema/application.ts";
import { applicationTable } from "../../../drizzle/schema/index.ts";
import type { ReadCtx } from "../devices/rows.ts";
import { inList } from "../kernel/scope.ts";

type AppliedDisplays = CommandParams<"apply-display-config">["displays"];
type Definition = { uuid: string; config: ApplicationConfig };

/**
 * The option values a display runs an application with: the template's defaults, overridden by
 * the values chosen for the display (keyed by deterministic_id).
 */
export function optionValues(config: ApplicationConfig, chosen: Record<string, unknown>) {
  const defaults = (config.template?.configurable_options ?? [])
    .filter((o) => o.default_value !== undefined)
    .map((o) => [o.deterministic_id, o.default_value] as const);
  return { ...Object.fromEntries(defaults), ...chosen };
}

/**
 * The device's displays as apply-display-config sends them: each display's applications with
 * their launch definition (null when the Admin Panel's has none, or an older one that no longer
 * validates: the agent reports it as nothing to launch) and their option values. Pure.
 */
export function toAppliedDisplays(displays: readonly Display[], definitions: readonly Definition[]): AppliedDisplays {
  const byUuid = new Map(definitions.map((d) => [d.uuid, d.config]));
  return displays.map((d) => ({
    uuid: d.uuid,
    name: d.name,
    graphical_output: d.graphical_output,
    primary: d.primary,
    disabled: d.disabled,
    resolution: d.resolution,
    refresh_rate: d.refresh_rate,
    orientation: d.orientation,
    applications: d.applications.map((app) => {
      const config = byUuid.get(app.uuid) ?? {};
      const launch = ApplicationLaunch.safeParse(config.launch);
      return {
        uuid: app.uuid,
        name: app.name,
        launch: launch.success ? launch.data : null,
        options: optionValues(config, app.config),
      };
    }),
  }));
}

/** toAppliedDisplays with the definitions read from D1 (applications are global records). */
export async function appliedDisplays(ctx: Pick<ReadCtx, "db">, displays: readonly Display[]) {
  const uuids = [...new Set(displays.flatMap((d) => d.applications.map((a) => a.uuid)))];
  const definitions = uuids.length
    ? await ctx.db
        .select({ uuid: applicationTable.uuid, config: applicationTable.config })
        .from(applicationTable)
        .where(inList(applicationTable.uuid, uuids))
    : [];
  return toAppliedDisplays(displays, definitions);
}
