import "@/lib/i18n/locales/en-device";
import "@/lib/i18n/locales/en-commands";
import type { CommandRecord, CommandState } from "@contracts/commands/queue";
import type { MessageKey, TFunction } from "@/lib/i18n";

/** A row's result column: the error (red) or a short reading of the result; `full` for the hover. */
export type CommandOutcome = { text: string; tone: "error" | "plain"; full: string };

/** States whose error is a failure (shown in red). */
const ERROR_STATES: readonly CommandState[] = ["failed", "unavailable"];

/** Longest result summary before it is cut (the hover has the whole result). */
const MAX_SUMMARY = 80;

const settingNames: Record<string, MessageKey> = {
  enabled: "device.settings.enabled",
  debug_mode: "device.settings.debugMode",
  vision: "device.settings.visionStatus",
};

const clip = (text: string) => (text.length > MAX_SUMMARY ? `${text.slice(0, MAX_SUMMARY - 1)}…` : text);

/** The parts of a result worth a word, in the order they are shown. */
function resultParts(result: Record<string, unknown>, t: TFunction): string[] {
  const parts: string[] = [];
  if (result.dry_run === true) {
    parts.push(
      typeof result.would_run === "string"
        ? t("device.commands.result.wouldRun", { command: result.would_run })
        : t("device.commands.result.dryRun"),
    );
  }
  if (typeof result.ran === "string") parts.push(t("device.commands.result.ran", { command: result.ran }));
  for (const [field, name] of Object.entries(settingNames)) {
    const value = result[field];
    if (typeof value === "boolean") {
      parts.push(
        t("device.commands.result.setting", {
          name: t(name),
          value: t(value ? "device.settings.on" : "device.settings.off"),
        }),
      );
    }
  }
  if (typeof result.applied_displays === "number") {
    parts.push(t("device.commands.result.displays", { count: result.applied_displays }));
  }
  if (typeof result.bytes === "number") {
    parts.push(t("device.commands.result.bytes", { size: Math.max(1, Math.round(result.bytes / 1024)) }));
  }
  if (typeof result.url === "string") parts.push(result.url);
  else if (typeof result.host === "string" || typeof result.port === "number") {
    parts.push([result.host, result.port].filter((part) => part !== undefined).join(":"));
  }
  return parts;
}

/**
 * What the Commands tab says about a command's outcome: its error (red for a failure, plain as
 * the reason a command did not run), else a short reading of the
 * agent's result (what ran, a switch's new value, an address), else the result's fields, else
 * "Done" for a success without one; null while there is nothing to say.
 */
export function commandOutcome(
  record: Pick<CommandRecord, "state" | "result" | "error">,
  t: TFunction,
): CommandOutcome | null {
  if (record.error) {
    // Only a failure is an error; for a cancelled, superseded or expired command it is the reason.
    const tone = ERROR_STATES.includes(record.state) ? "error" : "plain";
    return { text: clip(record.error), tone, full: record.error };
  }
  const result = record.result;
  if (result && Object.keys(result).length) {
    const full = JSON.stringify(result);
    const parts = resultParts(result, t);
    return { text: clip(parts.length ? parts.join(" · ") : full), tone: "plain", full };
  }
  if (record.state === "succeeded") {
    const done = t("device.commands.result.done");
    return { text: done, tone: "plain", full: done };
  }
  return null;
}

/**
 * Who issued a command: you, the system (null: e.g. a configuration sent on reconnect), the
 * member by name when the API gave it, else another member (someone no longer in the space).
 */
export function issuedBy(userUuid: string | null, myUuid: string, t: TFunction, name?: string | null): string {
  if (userUuid === null) return t("device.commands.by.system");
  if (userUuid === myUuid) return t("device.commands.by.you");
  return name || t("device.commands.by.other");
}
