import "@/lib/i18n/locales/en-device";
import type { TFunction } from "@/lib/i18n";
import type { Alert } from "@/lib/ui/alerts";
import { outcomeUnknownAlert } from "../commands/use-open-commands";
import { classifyFailure } from "./remote-actions";

/**
 * What a failed Enable Vision call does: outcome_unknown (the device took it, its answer is
 * missing) is not a failure: the switch keeps the server's pending state and a warning points
 * at the Commands tab; anything else reverts with "Failed to toggle vision status." and the
 * device's reason when it gave one.
 */
export function visionFailure(
  error: unknown,
  t: TFunction,
  viewCommands?: () => void,
): { revert: boolean; alert: Alert | null } {
  const failure = classifyFailure(error);
  if (failure.kind === "outcomeUnknown") {
    return { revert: false, alert: viewCommands ? outcomeUnknownAlert(t, viewCommands) : null };
  }
  const reason = failure.kind === "failed" ? failure.reason : undefined;
  const text = t("device.settings.visionFailed");
  return { revert: true, alert: { type: "error", message: reason ? `${text} ${reason}` : text } };
}
