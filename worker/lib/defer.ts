import type { Context } from "hono";

/** Runs work after the reply (ExecutionContext.waitUntil); tests may pass their own. */
export type Defer = (work: Promise<unknown>) => void;

/** The request's Defer: work handed to it outlives the response. */
export const deferTo =
  (c: Pick<Context, "executionCtx">): Defer =>
  (work) =>
    c.executionCtx.waitUntil(work);
