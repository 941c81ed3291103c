import type { Context } from "hono";
import { pause } from "./poll.ts";

/** Runs work after the reply (ExecutionContext.waitUntil); tests may pass their own. */
export type Defer = (work: Promise<unknown>) => void;

/**
 * One turn of the event loop, between a change's publish and the request's own reads for its
 * answer. Where the room shares the request's isolate (always locally, and on Cloudflare when they
 * are placed together), the room's fan-out to its dashboards then runs first, instead of after the
 * answer's queries are built and while their rows are mapped. Elsewhere it is a 0 ms timer.
 */
export const letRoomsRun = () => pause(0);

/** The request's Defer: work handed to it outlives the response. */
export const deferTo =
  (c: Pick<Context, "executionCtx">): Defer =>
  (work) =>
    c.executionCtx.waitUntil(work);
