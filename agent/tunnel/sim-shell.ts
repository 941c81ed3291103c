import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TUNNEL_TEXT } from "../../contracts/tunnel.ts";
import { TunnelRefused } from "./sessions.ts";
import type { ShellSpec } from "./terminal.ts";

/** Harmless read-only commands a simulated device's shell may run (linked into its own PATH). */
const SIM_COMMANDS = [
  "ls",
  "cat",
  "date",
  "uname",
  "hostname",
  "whoami",
  "id",
  "uptime",
  "head",
  "tail",
  "wc",
  "grep",
  "sort",
  "uniq",
  "cut",
  "tr",
  "seq",
  "sleep",
  "yes",
  "df",
  "free",
  "ps",
  "env",
  "stty",
  "clear",
  "tput",
];
const SYSTEM_BIN = ["/usr/bin", "/bin"];

/**
 * The simulator's terminal: a real PTY running a restricted bash (`--restricted --noprofile
 * --norc`: no cd, no redirection to files, no PATH changes, no commands with a slash) in a scratch
 * directory of its own, with a PATH holding only a few harmless commands. Without bash there is no
 * restricted shell, so there is no simulated terminal (a plain sh would be the server's own shell).
 * The scratch directory is removed when the session ends.
 */
export function simulatedShell(): ShellSpec {
  const bash = ["/bin/bash", "/usr/bin/bash"].find((p) => existsSync(p));
  if (!bash)
    throw new TunnelRefused(`${TUNNEL_TEXT.terminalUnavailable} The simulator needs bash for its restricted shell.`);
  const root = mkdtempSync(join(tmpdir(), "outpost-sim-terminal-"));
  const home = join(root, "home");
  const bin = join(root, "bin");
  mkdirSync(home);
  mkdirSync(bin);
  for (const name of SIM_COMMANDS) {
    const found = SYSTEM_BIN.map((dir) => join(dir, name)).find((p) => existsSync(p));
    if (found) symlinkSync(found, join(bin, name));
  }
  const env = {
    PATH: bin,
    HOME: home,
    TERM: "xterm-256color",
    LANG: "C.UTF-8",
    PS1: "simulated:\\W$ ",
    SHELL: bash,
  };
  return {
    file: bash,
    args: ["--restricted", "--noprofile", "--norc"],
    cwd: home,
    env,
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}
