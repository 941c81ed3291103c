import "@/lib/i18n/locales/en-device";
import "@/lib/i18n/locales/en-peripherals";
import "@/lib/i18n/locales/en-agent-settings";
import type { DisplayConfigurationSaved } from "@contracts/peripherals/schema";
import type { TFunction } from "@/lib/i18n";
import type { Alert } from "@/lib/ui/alerts";
import type { DisplayDraft } from "./display-draft";

/** What the editor needs of a failed call (structural, so this stays free of the api module). */
export type FailedCall = {
  name?: string;
  status: number;
  message: string;
  fieldErrors: Record<string, string[]>;
  entryErrors: (field: string) => Record<string, string[]>[] | null;
};

/** A 400's messages: per display uuid (with the field they concern) and for the whole configuration. */
export type SaveErrors = { byDisplay: Record<string, string[]>; general: string[] };

const FIELD = "displays_configuration";

const isFailedCall = (error: unknown): error is FailedCall =>
  error instanceof Error && error.name === "ApiError" && "status" in error;

const push = (out: Record<string, string[]>, key: string, messages: string[]) => {
  out[key] = [...(out[key] ?? []), ...messages];
};

/**
 * Maps a 400 of the configuration POST onto the displays of the draft (position i of
 * displays_configuration is draft[i]). Both field-error shapes the API uses are read: flat keys
 * ("displays_configuration.1.resolution") and a list aligned with the entries. Anything that
 * is not a 400 or 409 gives null (a toast is enough).
 */
export function saveErrorsOf(error: unknown, draft: DisplayDraft): SaveErrors | null {
  if (!isFailedCall(error)) return null;
  // 409: the device refuses changes right now (demo mode); its message says why.
  if (error.status === 409) return { byDisplay: {}, general: [error.message] };
  if (error.status !== 400) return null;
  const byDisplay: Record<string, string[]> = {};
  const general: string[] = [];
  const entries = error.entryErrors(FIELD);
  entries?.forEach((fields, index) => {
    const uuid = draft[index]?.uuid;
    for (const messages of Object.values(fields)) {
      if (uuid) push(byDisplay, uuid, messages);
      else general.push(...messages);
    }
  });
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const match = new RegExp(`^${FIELD}\\.(\\d+)(?:\\.|$)`).exec(key);
    const uuid = match ? draft[Number(match[1])]?.uuid : undefined;
    if (uuid) push(byDisplay, uuid, messages);
    else general.push(...messages);
  }
  if (Object.keys(byDisplay).length === 0 && general.length === 0) general.push(error.message);
  return { byDisplay, general: [...new Set(general)] };
}

/** The server's own message of a failed call, when it sent one. */
export const serverMessage = (error: unknown): string | null =>
  isFailedCall(error) && error.message && !/^HTTP \d+$|^Network error$/.test(error.message) ? error.message : null;

/** What a failed save toasts: the first general or display message of a 400, else the fallback. */
export const failureMessage = (errors: SaveErrors | null, fallback: string): string =>
  errors?.general[0] ?? Object.values(errors?.byDisplay ?? {})[0]?.[0] ?? fallback;

type AlertKey = "newDisplays" | "noNewDisplays" | "newPeripherals" | "noNewPeripherals";

/** §8: found something → success with the count; nothing new → warning. */
export function detectionAlert(kind: "displays" | "peripherals", found: number) {
  const key: AlertKey =
    kind === "displays"
      ? found > 0
        ? "newDisplays"
        : "noNewDisplays"
      : found > 0
        ? "newPeripherals"
        : "noNewPeripherals";
  return {
    type: found > 0 ? ("success" as const) : ("warning" as const),
    key: `device.periph.${key}` as const,
    count: found,
  };
}

/**
 * What a saved configuration toasts: applied (success), a dry run (warning: the agent wrote it
 * down but changed no screen; never "successfully saved"), or stored for an offline device.
 */
export function savedAlert(
  saved: Pick<DisplayConfigurationSaved, "applied" | "dry_run">,
  name: string,
  t: TFunction,
): Alert {
  if (saved.dry_run) return { type: "warning", duration: 10_000, message: t("device.periph.savedDryRun", { name }) };
  if (saved.applied) return { type: "success", message: t("device.periph.saved", { name }) };
  return { type: "warning", message: t("device.periph.savedOffline") };
}
