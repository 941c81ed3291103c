import { spawn } from "node:child_process";
import type { Provider } from "./types.ts";

/** instant-reboot / instant-power-off: `systemctl reboot|poweroff`, only with --allow-power. */
export const power: Provider = async (command, options) => {
  const verb = command.action === "instant-reboot" ? "reboot" : "poweroff";
  const argv = ["systemctl", verb];
  if (!options.allowPower) {
    options.log(`dry run: would run ${argv.join(" ")}`);
    return { ok: true, result: { dry_run: true, would_run: argv.join(" ") } };
  }
  // Answer first, then act: the reply must leave before the network goes down.
  setTimeout(() => spawn(argv[0], argv.slice(1), { stdio: "ignore", detached: true }).unref(), 500);
  return { ok: true, result: { dry_run: false, ran: argv.join(" ") } };
};
