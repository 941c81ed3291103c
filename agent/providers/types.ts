import type { Command } from "../../contracts/realtime.ts";
import type { CommandReply } from "../session.ts";

/** Options of the real agent's providers (from the command line). */
export type ProviderOptions = {
  /** Really run `systemctl reboot|poweroff`; otherwise report what would run. */
  allowPower: boolean;
  /** A shell command that writes a JPEG to stdout (e.g. `grim -t jpeg -`). */
  screenshotCommand?: string;
  /** A fixed JPEG to send as the screenshot (tests, demos). */
  screenshotFile?: string;
  /** user@relay-host for `ssh -R`; the remote port is chosen per request unless rsshPort is set. */
  rsshRelay?: string;
  rsshPort?: number;
  /** What remote desktop / headless VNC report (e.g. vnc://10.0.0.5:5900). */
  vncUrl?: string;
  headlessVncUrl?: string;
  /** A file in /proc/net/arp format to read the neighbours from (default /proc/net/arp). */
  neighbourFile?: string;
  /** Really change the screens with xrandr; otherwise apply-display-config only writes displayConfigFile. */
  allowDisplay?: boolean;
  /** Where apply-display-config keeps the configuration (beside the agent's config). */
  displayConfigFile?: string;
  /** The environment grabbers are looked up and run in (default: the agent's own). */
  env?: NodeJS.ProcessEnv;
  log: (line: string) => void;
};

export type Provider = (command: Command, options: ProviderOptions) => Promise<CommandReply>;
