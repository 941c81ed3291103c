import { execFile } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import si from "systeminformation";
import { type AppliedDisplay, COMMANDS } from "../../contracts/commands/schema.ts";
import type { Provider, ProviderOptions } from "./types.ts";
import { parseXrandr, type SiDisplay, toDisplayFindings, xrandrArgs } from "./xrandr.ts";

const run = (args: string[], env?: NodeJS.ProcessEnv) =>
  new Promise<string>((resolve, reject) => {
    execFile("xrandr", args, { env, timeout: 10_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(stderr.trim() || error.message)) : resolve(stdout),
    );
  });

/** xrandr needs an X display; without one (or without xrandr) the agent cannot change screens. */
const hasDisplay = (env: NodeJS.ProcessEnv) => Boolean(env.DISPLAY);

/** detect-displays: systeminformation's screens, enriched by `xrandr --query` when it answers. */
export const detectDisplays: Provider<"detect-displays"> = async (_params, options) => {
  const env = options.env ?? process.env;
  const graphics = await si.graphics().catch(() => ({ displays: [] as SiDisplay[] }));
  const query = hasDisplay(env) ? await run(["--query"], env).catch(() => null) : null;
  const displays = toDisplayFindings(graphics.displays, query === null ? null : parseXrandr(query));
  options.log(`detect-displays: ${displays.length} display(s)${query === null ? " (no xrandr)" : ""}`);
  return { ok: true, result: { displays } };
};

async function store(file: string, displays: unknown) {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify({ displays }, null, 2)}\n`);
}

/** Hands the configuration's applications to the runner: what it now supervises (or would, in a dry run). */
async function runApplications(displays: readonly AppliedDisplay[], options: ProviderOptions) {
  if (!options.apps) return {};
  const applications = await options.apps.apply(displays);
  options.log(
    `apply-display-config: ${applications.configured} application(s)${applications.allowed ? "" : " (dry run: no --allow-apps)"}`,
  );
  return { applications };
}

/**
 * apply-display-config: with --allow-display, xrandr and a DISPLAY, one `xrandr` call per display.
 * Otherwise (dry run, no X) the configuration is written to options.displayConfigFile for the
 * kiosk shell to read at its next start, and the answer says where. Either way the displays'
 * applications then go to the runner (agent/apps/), which the kept file also feeds at start.
 */
export const applyDisplayConfig: Provider<"apply-display-config"> = async ({ displays }, options) => {
  const env = options.env ?? process.env;
  const calls = xrandrArgs(displays);
  const xrandr =
    options.allowDisplay && hasDisplay(env)
      ? await run(["--version"], env).then(
          () => true,
          () => false,
        )
      : false;
  if (!xrandr) {
    const file = options.displayConfigFile;
    if (!file) return { ok: false, error: "No xrandr and no file to keep the display configuration in." };
    await store(file, displays);
    options.log(`apply-display-config: written to ${file}`);
    return {
      ok: true,
      result: {
        dry_run: true,
        written_to: file,
        would_run: calls.map((a) => `xrandr ${a.join(" ")}`),
        ...(await runApplications(displays, options)),
      },
    };
  }
  try {
    for (const args of calls) await run(args, env);
  } catch (error) {
    return { ok: false, error: `xrandr failed: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (options.displayConfigFile) await store(options.displayConfigFile, displays).catch(() => {});
  options.log(`apply-display-config: ${calls.length} xrandr call(s)`);
  return {
    ok: true,
    result: {
      dry_run: false,
      ran: calls.map((a) => `xrandr ${a.join(" ")}`),
      ...(await runApplications(displays, options)),
    },
  };
};

/** The configuration apply-display-config kept (displays.json), to run its applications at start; [] when none. */
export async function keptDisplays(file: string): Promise<AppliedDisplay[]> {
  const text = await readFile(file, "utf8").catch(() => null);
  if (text === null) return [];
  try {
    const parsed = COMMANDS["apply-display-config"].params.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.displays : [];
  } catch {
    return [];
  }
}
