import { COMMANDS, firstIssue, type ParsedParams } from "../../contracts/commands/schema.ts";
import type { CommandReply, Executor } from "../session.ts";
import type { Handlers, MachineAction } from "./types.ts";

function run<A extends MachineAction, O>(handlers: Handlers<O>, action: A, params: ParsedParams<A>, options: O) {
  const handler: Handlers<O>[A] = handlers[action];
  return handler(params, options);
}

/**
 * An executor over `handlers`: a command's params are validated with its action's schema first
 * (bad ones answer a failure saying what is wrong, nothing runs), then its handler answers.
 */
export function executorOf<O>(handlers: Handlers<O>, options: O): Executor {
  return async (command): Promise<CommandReply> => {
    if (command.action === "telemetry-refresh") return { ok: false, error: "telemetry-refresh is the session's own." };
    const parsed = COMMANDS[command.action].params.safeParse(command.params);
    if (!parsed.success) {
      return { ok: false, error: `Invalid parameters for ${command.action}: ${firstIssue(parsed.error)}.` };
    }
    return run(handlers, command.action, parsed.data, options);
  };
}
