// The shell's sinks (pipes, substitutions, files) and the sizes that bound them.
import { PipeFull } from "./command-kit.ts";

/** Most a pipe or a command substitution holds before its writer is stopped. */
export const PIPE_LIMIT = 1024 * 1024;
/** Longest value of a variable or one expanded word. */
export const VALUE_LIMIT = 64 * 1024;
/** Nested command substitutions. */
export const DEPTH_LIMIT = 8;

/** A sink that keeps what is written, up to a limit (then the writer is stopped). */
export function capture(limit: number) {
  let text = "";
  return {
    get text() {
      return text;
    },
    write: async (chunk: string) => {
      const room = limit - text.length;
      text += chunk.slice(0, Math.max(0, room));
      if (chunk.length > room) throw new PipeFull();
    },
  };
}

export type Out = (text: string) => Promise<void>;
export const discard: Out = async () => {};
