/**
 * Browser tests drive Debian's Chromium (Playwright never downloads its own browser).
 * Installs the `chromium` package with apt-get when it is missing.
 */

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The flags every headless run uses (e2e tests and the browser benchmarks alike). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log("Chromium is missing: installing Debian's chromium package…");
  aptInstall(["chromium"]);
  if (!existsSync(CHROMIUM)) throw new Error(`chromium installed but ${CHROMIUM} is not there`);
}

/** Installs Debian packages with apt-get (as root, else through `sudo -n`); throws when it cannot. */
export function aptInstall(packages: string[]) {
  const root = process.getuid?.() === 0;
  const sudo = root ? [] : ["sudo", "-n"];
  const run = (args: string[]) => {
    const [cmd, ...rest] = [...sudo, ...args];
    const res = spawnSync(cmd, rest, {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (res.status !== 0) throw new Error(`${args.join(" ")} failed (${res.status})`);
  };
  run(["apt-get", "update"]);
  run(["apt-get", "install", "-y", "--no-install-recommends", ...packages]);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
