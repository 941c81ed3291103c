import type { TunnelProviders } from "./sessions.ts";
import { type TerminalOptions, terminalProvider } from "./terminal.ts";
import { type VncOptions, vncProvider } from "./vnc.ts";

/** What the agent's command line says about remote sessions, per kind. */
export type TunnelOptions = {
  terminal: TerminalOptions;
  vnc?: VncOptions;
};

/** The kinds of remote session this agent serves: one line per kind. */
export function tunnelProviders(opts: TunnelOptions): TunnelProviders {
  return {
    terminal: terminalProvider(opts.terminal),
    ...(opts.vnc && { vnc: vncProvider(opts.vnc) }),
  };
}
