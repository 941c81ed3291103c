/** A notification is retried this long after it was created, then dead-lettered. */
export const DEAD_AFTER_MS = 24 * 3600_000;
/** Backoff after the n-th failed attempt: 30 s doubling, at most an hour (≈ 30 attempts in 24 h). */
export const backoffSeconds = (attempts: number) => Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
