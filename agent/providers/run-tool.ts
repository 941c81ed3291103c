import { spawn } from "node:child_process";

/** How a system tool run ended: its exit code and output, or why it never ran. */
export type ToolRun =
  | { kind: "exited"; code: number | null; signal: NodeJS.Signals | null; output: string }
  | { kind: "missing"; error: string }
  | { kind: "failed"; error: string }
  | { kind: "timeout"; output: string };

/** The most output kept of a run (its last words say what went wrong). */
const OUTPUT_MAX = 2000;

/**
 * Runs `argv` and resolves with how it ended, never rejects and never throws: a tool that is
 * not installed (ENOENT) or may not be run (EACCES) is an answer, not an uncaught 'error' event
 * that would end the agent. stdout and stderr are kept together (trimmed, the last 2000
 * characters). A run that has not ended by `timeoutMs` is answered `timeout` and left running.
 */
export function runTool(
  argv: readonly string[],
  opts: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<ToolRun> {
  return new Promise((resolve) => {
    let output = "";
    let done = false;
    const finish = (run: ToolRun) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(run);
    };
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-OUTPUT_MAX);
    };
    const timer = setTimeout(() => finish({ kind: "timeout", output: output.trim() }), opts.timeoutMs ?? 10_000);
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(argv[0], argv.slice(1), { env: opts.env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
    } catch (error) {
      finish({ kind: "failed", error: error instanceof Error ? error.message : String(error) });
      return;
    }
    child.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") finish({ kind: "missing", error: `${argv[0]} is not installed` });
      else finish({ kind: "failed", error: `${argv[0]}: ${error.message}` });
    });
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    child.on("close", (code, signal) => finish({ kind: "exited", code, signal, output: output.trim() }));
  });
}

/** A run's failure in words ("systemctl exited with 1: Failed to …"), or null when it exited 0. */
export function runFailure(argv: readonly string[], run: ToolRun): string | null {
  const what = argv.join(" ");
  switch (run.kind) {
    case "exited":
      if (run.code === 0) return null;
      return `${what} ${run.code === null ? `was ended by ${run.signal}` : `exited with ${run.code}`}${run.output ? `: ${run.output}` : ""}`;
    case "missing":
    case "failed":
      return run.error;
    case "timeout":
      return `${what} did not return in time${run.output ? `: ${run.output}` : ""}`;
  }
}
