import type { CommandRecord, CommandState } from "@contracts/commands/queue";
import type { CommandAction } from "@contracts/realtime/events";

/** The remote actions whose failures devices.md §8 keeps silent (the Logs tab lists them). */
export const SILENT_ACTIONS: ReadonlySet<CommandAction> = new Set<CommandAction>([
  "remote-desktop",
  "headless-remote-desktop",
  "reverse-ssh",
  "screenshot",
]);

/** States of a command that did not succeed (CommandRecord.state). */
const FAILED_STATES: ReadonlySet<CommandState> = new Set<CommandState>(["failed", "unavailable", "expired"]);

/** Failed remote desktop, RSSH and screenshot requests in the device's command log, newest first, with their reason. */
export function remoteFailures(commands: readonly CommandRecord[]): CommandRecord[] {
  return commands.filter((c) => SILENT_ACTIONS.has(c.action) && FAILED_STATES.has(c.state));
}
