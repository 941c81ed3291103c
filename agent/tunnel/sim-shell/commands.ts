// The simulated PATH: every built-in command by name, and the few one-liners.
import type { Command } from "./command-kit.ts";
import { cat, ln, ls, mkdir, rm, touch } from "./file-commands.ts";
import { SIM_USER } from "./fs.ts";
import { ip, journalctl, systemctl } from "./service-commands.ts";
import { df, formatDate, free, loads, ps, sleep, top, uname, uptimeText } from "./system-commands.ts";
import { CLEAR, env, printenv, stty, tput } from "./terminal-commands.ts";
import { cut, grep, headTail, seq, sort, uniq, wc, yes } from "./text-commands.ts";

const which: Command = async (args, io) => {
  let status = 0;
  for (const name of args.filter((a) => !a.startsWith("-"))) {
    if (Object.hasOwn(COMMANDS, name)) await io.out(`/usr/bin/${name}\n`);
    else status = 1;
  }
  return status;
};

const denied =
  (text: string, status = 1): Command =>
  async (_args, io) => {
    await io.err(text);
    return status;
  };

const power = denied(
  "Failed to set wall message, ignoring: Interactive authentication required.\nCall to Reboot failed: Interactive authentication required.\n",
);

/** The commands on the simulated PATH (shell builtins like cd and export live in interpreter.ts). */
export const COMMANDS: Record<string, Command> = {
  cat,
  clear: async (_args, io) => {
    await io.out(CLEAR);
    return 0;
  },
  cut,
  date: async (args, io, sh) => {
    const format = args.find((a) => a.startsWith("+"))?.slice(1) ?? "%a %b %e %T %Z %Y";
    await io.out(`${formatDate(sh.now(), format)}\n`);
    return 0;
  },
  df,
  echo: async (args, io) => {
    let i = 0;
    let newline = true;
    let escapes = false;
    for (; i < args.length && /^-[neE]+$/.test(args[i]); i++) {
      if (args[i].includes("n")) newline = false;
      if (args[i].includes("e")) escapes = true;
    }
    let text = args.slice(i).join(" ");
    if (escapes)
      text = text.replace(
        /\\([ntr\\ae])/g,
        (_, c: string) => ({ n: "\n", t: "\t", r: "\r", "\\": "\\", a: "\x07", e: "\x1b" })[c] ?? c,
      );
    await io.out(newline ? `${text}\n` : text);
    return 0;
  },
  env,
  false: async () => 1,
  free,
  grep,
  head: headTail("head"),
  hostname: async (_args, io, sh) => {
    await io.out(`${sh.id.hostname}\n`);
    return 0;
  },
  id: async (_args, io) => {
    const { uid, gid, name } = SIM_USER;
    await io.out(`uid=${uid}(${name}) gid=${gid}(${name}) groups=${gid}(${name}),44(video),46(plugdev)\n`);
    return 0;
  },
  ip,
  journalctl,
  ln,
  ls,
  mkdir,
  poweroff: power,
  printenv,
  ps,
  pwd: async (_args, io, sh) => {
    await io.out(`${sh.cwd}\n`);
    return 0;
  },
  reboot: power,
  rm,
  seq,
  shutdown: power,
  sleep,
  sort,
  stty,
  su: denied("Password: \nsu: Authentication failure\n"),
  sudo: denied(`${SIM_USER.name} is not in the sudoers file.\n`),
  systemctl,
  tail: headTail("tail"),
  top,
  touch,
  tput,
  true: async () => 0,
  uname,
  uniq,
  uptime: async (args, io, sh) => {
    if (args.includes("-p")) await io.out(`up ${uptimeText(sh).trim()}\n`);
    else
      await io.out(
        ` ${formatDate(sh.now(), "%T")} up ${uptimeText(sh)},  1 user,  load average: ${loads(sh).join(", ")}\n`,
      );
    return 0;
  },
  wc,
  which,
  whoami: async (_args, io) => {
    await io.out(`${SIM_USER.name}\n`);
    return 0;
  },
  yes,
};
