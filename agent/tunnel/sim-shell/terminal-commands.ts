// The session's environment and terminal: env, printenv, stty, tput and the clear sequence.
import { type Command, outLines } from "./command-kit.ts";

export const env: Command = async (args, io, sh) => {
  if (args.length) {
    await io.err("env: running commands through env is not supported in the simulated shell\n");
    return 125;
  }
  await outLines(
    io,
    [...sh.env.entries()].filter(([k]) => k !== "PS1").map(([k, v]) => `${k}=${v}`),
  );
  return 0;
};

export const printenv: Command = async (args, io, sh) => {
  if (!args.length) return env([], io, sh);
  let status = 0;
  for (const name of args) {
    const value = sh.env.get(name);
    if (value === undefined) status = 1;
    else await io.out(`${value}\n`);
  }
  return status;
};

export const stty: Command = async (args, io, sh) => {
  if (args[0] === "size") await io.out(`${sh.rows} ${sh.cols}\n`);
  else if (args[0] === "-a" || args.length === 0)
    await io.out(`speed 38400 baud; rows ${sh.rows}; columns ${sh.cols}; line = 0;\n`);
  return 0;
};

export const tput: Command = async (args, io, sh) => {
  const cap = args[0];
  if (cap === "cols") await io.out(`${sh.cols}\n`);
  else if (cap === "lines") await io.out(`${sh.rows}\n`);
  else if (cap === "clear") await io.out(CLEAR);
  else if (cap !== "sgr0" && cap !== "bold" && cap !== "setaf") return 1;
  return 0;
};

/** Clears the screen and the scrollback, as `clear` does in xterm. */
export const CLEAR = "\x1b[H\x1b[2J\x1b[3J";
