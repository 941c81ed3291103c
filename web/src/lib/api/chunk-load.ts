/** console.md §9: a code chunk that has not arrived after this long counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * A chunk that did not load: it failed (offline, or a deploy replaced its hashed file) or took
 * longer than the timeout. The route's error screen offers a reload (which fetches the new index).
 */
export class ChunkLoadError extends Error {
  constructor(
    readonly reason: "failed" | "timeout",
    options?: { cause?: unknown },
  ) {
    super(
      reason === "timeout"
        ? `A part of the console did not load within ${CHUNK_LOAD_TIMEOUT_MS / 1000} s`
        : "A part of the console could not be loaded",
      options,
    );
    this.name = "ChunkLoadError";
  }
}

/** The browsers' texts for a dynamic import that failed (Chrome, Firefox, Safari) and Vite's preload failure. */
const FAILED_IMPORT =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i;

/** True for a ChunkLoadError and for a raw failed dynamic import. */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  return error instanceof Error && FAILED_IMPORT.test(error.message);
}

/**
 * Wraps a dynamic import: it rejects with a ChunkLoadError when the import fails or has not
 * settled after `timeoutMs` (a late arrival is then ignored).
 */
export function withChunkTimeout<M>(load: () => Promise<M>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): () => Promise<M> {
  return () =>
    new Promise<M>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError("timeout")), timeoutMs);
      load().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof ChunkLoadError ? error : new ChunkLoadError("failed", { cause: error }));
        },
      );
    });
}
