import { getDisplayCapture as captureRoute, type DisplayCaptures } from "../../../contracts/display-health/routes.ts";
import {
  type CaptureEntry,
  DISPLAY_HEALTH_LABELS,
  DISPLAY_HEALTH_SEVERITY,
  type DisplayHealth,
  withPresence,
} from "../../../contracts/display-health/schema.ts";
import { apiPath } from "../../../contracts/http/path.ts";
import type { Telemetry } from "../../../contracts/realtime/events.ts";
import type { SpaceCtx } from "../../env.ts";
import { ApiError } from "../../lib/errors.ts";
import { requireDevice } from "../devices/detail.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { roomIn } from "../kernel/placement.ts";

type Ctx = Pick<SpaceCtx, "db" | "env" | "space" | "user" | "role">;

const DAY = 86_400_000;
const MAX_RANGE_MS = 7 * DAY;

/** Captures may show customer-facing content: a Viewer sees them only where the space allows it. */
function mayView(ctx: Ctx) {
  if (ctx.role.code === "viewer" && !ctx.space.viewers_see_captures)
    throw new ApiError("forbidden", "You do not have permission to perform this action.");
}

const invalid = (field: string, message: string) =>
  new ApiError("validation_error", "There are validation errors.", { [field]: [message] });

/** `from`/`to` (ISO) → ms: default the 24 h before `to` (default now), at most 7 days. */
export function captureRange(input: { from?: string; to?: string }, now: number) {
  const to = input.to ? Date.parse(input.to) : now;
  const from = input.from ? Date.parse(input.from) : to - DAY;
  if (from >= to) throw invalid("from", "Ensure from is earlier than to.");
  if (to - from > MAX_RANGE_MS) throw invalid("from", "Ensure the range from … to spans at most 7 days.");
  return { from, to };
}

const withLabel = (h: DisplayHealth) => ({
  ...h,
  label: DISPLAY_HEALTH_LABELS[h.state],
  severity: DISPLAY_HEALTH_SEVERITY[h.state],
});

/** GET …/device/{uuid}/display-captures: each display's state now and its captures in the range. */
export async function listDisplayCaptures({
  ctx,
  input,
}: ServiceArgs<{ uuid: string; display?: string; from?: string; to?: string }, Ctx>): Promise<DisplayCaptures> {
  const range = captureRange(input, Date.now());
  const device = await requireDevice(ctx, input.uuid);
  mayView(ctx);
  const room = await roomIn(ctx, "device", device.uuid);
  const [entries, latest] = await Promise.all([
    room.displayCaptures({ ...range, ...(input.display ? { display: input.display } : {}) }) as Promise<
      (CaptureEntry & { has_image: boolean })[]
    >,
    room.latestTelemetry() as Promise<{ at: number; telemetry: Telemetry } | null>,
  ]);
  const stored = (device.latest_telemetry as Telemetry | null)?.display_health;
  // A display whose player is offline shows that, not the last state it reported.
  const current = withPresence(
    (latest?.telemetry.display_health ?? stored ?? []).filter((h) => !input.display || h.display === input.display),
    device.online,
  );
  return {
    device_uuid: device.uuid,
    current: current.map(withLabel),
    captures: entries.map((e) => ({
      display: e.display,
      at: new Date(e.at).toISOString(),
      state: e.state,
      label: DISPLAY_HEALTH_LABELS[e.state],
      panel: e.panel,
      bytes: e.bytes,
      metrics: e.metrics,
      url: e.has_image
        ? apiPath(captureRoute, {
            space: ctx.space.space_uuid,
            uuid: device.uuid,
            display: e.display,
            file: `${e.at}.jpg`,
          })
        : null,
    })),
    retention_days: ctx.space.capture_retention_days ?? 7,
  };
}

/** GET …/display-captures/{display}/{at}.jpg: one capture's JPEG from R2 (`latest.jpg`: the display's last one). */
export async function getDisplayCapture({
  ctx,
  input,
}: ServiceArgs<{ uuid: string; display: string; at: number | "latest" }, Ctx>) {
  const device = await requireDevice(ctx, input.uuid);
  mayView(ctx);
  const room = await roomIn(ctx, "device", device.uuid);
  const key = (
    input.at === "latest"
      ? await room.latestDisplayCaptureKey(input.display)
      : await room.displayCaptureKey(input.display, input.at)
  ) as string | null;
  const object = key ? await ctx.env.FILES.get(key) : null;
  if (!object) throw new ApiError("not_found", "Capture not found.");
  return object;
}
