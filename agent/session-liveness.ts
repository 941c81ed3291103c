// When the agent gives a socket up (the room silent, its hello unanswered) and how long it waits before the next attempt.
import { HELLO_TIMEOUT_MS } from "../contracts/devices/presence.ts";
import { type SessionOptions, SILENCE_MS } from "./session-options.ts";

/** What the watch reads of the current attempt (local ms). */
export type AttemptState = { answered: boolean; heardAt: number; attemptAt: number };

/**
 * Checks the current socket every second (or a fifth of the silence limit) and calls `lost` with
 * the reason once it is dead. The silence rule counts once the room has answered the hello. Before
 * that (the upgrade and the hello of a connect that queues behind a whole fleet's), the attempt
 * has HELLO_TIMEOUT_MS: giving up a slow connect at 25 s and trying again while the server still
 * works on the abandoned one is what turns a reconnect wave into a storm (docs/scale.md).
 */
export function watchLiveness(
  opts: Pick<SessionOptions, "silenceMs" | "helloTimeoutMs">,
  attempt: () => AttemptState,
  lost: (reason: string) => void,
): ReturnType<typeof setInterval> {
  const silenceMs = opts.silenceMs ?? SILENCE_MS;
  const helloMs = opts.helloTimeoutMs ?? HELLO_TIMEOUT_MS;
  return setInterval(
    () => {
      const now = Date.now();
      const { answered, heardAt, attemptAt } = attempt();
      if (answered && now - heardAt >= silenceMs) lost(`no frame from the room for ${silenceMs / 1000} s`);
      else if (!answered && now - attemptAt >= helloMs) lost(`hello not answered within ${helloMs / 1000} s`);
    },
    Math.min(1000, silenceMs / 5),
  );
}

/**
 * The wait before the next attempt: a retry-after is the server's own schedule and replaces the
 * backoff; otherwise base doubles per failed attempt up to max, with ±25 % jitter.
 */
export function reconnectDelayMs(
  backoff: SessionOptions["backoff"],
  attempts: number,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number {
  const { baseMs, maxMs } = backoff ?? { baseMs: 1000, maxMs: 60_000 };
  return retryAfterMs ?? Math.min(maxMs, baseMs * 2 ** attempts) * (0.75 + random() * 0.5);
}
