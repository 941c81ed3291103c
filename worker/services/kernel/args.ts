import type { SpaceCtx } from "../../env.ts";
import type { Defer } from "../../lib/defer.ts";

/** What a service takes (README: `{ ctx, input }`): the caller's context (a space's by default) and the validated input. */
export type ServiceArgs<I, C = SpaceCtx> = { ctx: C; input: I };

/** What a writing service takes: also the Defer for the work after the reply (room announcements, mail). */
export type WriteArgs<I, C = SpaceCtx> = ServiceArgs<I, C> & { defer: Defer };
