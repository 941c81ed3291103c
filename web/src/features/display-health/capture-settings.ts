import { CaptureSettings, type Space } from "@contracts/spaces/schema";

export type Draft = { capture_interval_s: string; capture_retention_days: string; viewers_see_captures: boolean };
export type Errors = Partial<Record<keyof Draft, string>>;

export const draftOf = (space: Space): Draft => ({
  capture_interval_s: String(space.capture_interval_s),
  capture_retention_days: String(space.capture_retention_days),
  viewers_see_captures: space.viewers_see_captures,
});

/** The form's values checked with the API's own schema: the same bounds and messages. */
export function checkCaptureSettings(draft: Draft) {
  const number = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));
  const parsed = CaptureSettings.safeParse({
    capture_interval_s: number(draft.capture_interval_s),
    capture_retention_days: number(draft.capture_retention_days),
    viewers_see_captures: draft.viewers_see_captures,
  });
  if (parsed.success) return { value: parsed.data, errors: {} as Errors };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof Draft;
    errors[key] ??= issue.message;
  }
  return { value: null, errors };
}
