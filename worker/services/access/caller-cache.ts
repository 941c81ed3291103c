import type { RoleRow, SpaceAccountRow, SpaceRow, UserRow } from "../../env.ts";
import { singleFlight } from "../../lib/single-flight.ts";

/**
 * Per-isolate cache of who calls the API: the user an access token names and, on the routes of a
 * space, their active membership (space, account, role), read in one D1 query and kept for a few
 * seconds so a burst of requests (a page load, infinite scroll) does not read them every time.
 *
 * Every write that changes what is cached forgets it here (role change, disable, invitation,
 * registration, the space's settings), so in this isolate the next request sees the change; another
 * isolate sees it within TTL_MS. Only active memberships are kept: a refusal is always read afresh.
 */
export type CallerMembership = { space: SpaceRow; account: SpaceAccountRow; role: RoleRow };
export type CallerRow = { user: UserRow; membership: CallerMembership | null };

export const CALLER_TTL_MS = 5_000;
const MAX_ENTRIES = 5_000;

const entries = new Map<string, { until: number; row: CallerRow }>();
/** Bumped by every forget: a read that started before it is not stored (it may predate the write). */
let generation = 0;

/** The cache key of a caller: who the token names (`sub:` or `email:`) and the space (or none). */
export const callerKey = (identity: string, spaceUuid: string | null) => `${spaceUuid ?? ""}|${identity}`;

const copy = (row: CallerRow): CallerRow => ({
  user: { ...row.user },
  membership: row.membership
    ? { space: { ...row.membership.space }, account: { ...row.membership.account }, role: { ...row.membership.role } }
    : null,
});

/** A fresh cached caller (a copy: requests never share mutable rows), or undefined. */
export function cachedCaller(key: string, now = Date.now()): CallerRow | undefined {
  const hit = entries.get(key);
  if (!hit) return undefined;
  if (hit.until <= now) {
    entries.delete(key);
    return undefined;
  }
  return copy(hit.row);
}

/** Keeps a caller read at `readGeneration` unless something was forgotten since (lookUpCaller). */
function rememberCaller(key: string, row: CallerRow, readGeneration: number, now = Date.now()) {
  if (readGeneration !== generation) return;
  if (entries.size >= MAX_ENTRIES) {
    for (const [k, v] of entries) if (v.until <= now) entries.delete(k);
    // Still full: drop the oldest (Map keeps insertion order).
    while (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  }
  entries.set(key, { until: now + CALLER_TTL_MS, row: copy(row) });
}

/**
 * Forgets every cached caller that matches: a user (any space), an account, or a whole space
 * (its settings changed). Called after the write.
 */
export function forgetCallers(match: { user_uuid?: string; account_uuid?: string; space_uuid?: string }) {
  generation++;
  for (const [key, { row }] of entries) {
    const m = row.membership;
    if (
      (match.user_uuid !== undefined && row.user.uuid === match.user_uuid) ||
      (match.account_uuid !== undefined && m?.account.account_uuid === match.account_uuid) ||
      (match.space_uuid !== undefined && m?.space.space_uuid === match.space_uuid)
    ) {
      entries.delete(key);
    }
  }
}

/**
 * How long a request waits for the same caller's lookup that another request already started
 * before it reads D1 itself. The wait is bounded because the request that started the lookup can
 * be cancelled (its client went away) and leave the lookup unsettled.
 */
const JOIN_WAIT_MS = 1_000;

const lookups = singleFlight<CallerRow | null>({ waitMs: JOIN_WAIT_MS, generation: () => generation });

/** How many lookups read D1 (a test checks that a burst of one caller's requests reads it once). */
export const callerReads = { count: 0 };

/**
 * The caller under `key`: from the cache, else from a lookup of the same key that another request
 * of this isolate started (1 000 dashboard sockets of one operator open at once and would each read
 * D1; lib/single-flight.ts says when a request joins one, and how long it waits), else from
 * `read`. What `read` returns is kept when `keep` says it grants something. Every request gets
 * its own copy.
 */
export async function lookUpCaller(
  key: string,
  read: () => Promise<CallerRow | null>,
  keep: (row: CallerRow) => boolean,
  { waitMs = JOIN_WAIT_MS, now = Date.now } = {},
): Promise<CallerRow | null> {
  const cached = cachedCaller(key);
  if (cached) return cached;
  const {
    value: row,
    started,
    shared,
  } = await lookups.run(
    key,
    () => {
      callerReads.count++;
      return read();
    },
    { now, wait: waitMs },
  );
  if (row && !shared && keep(row)) rememberCaller(key, row, started);
  return row && copy(row);
}

/** Test hook: forget everything (a test that writes users or memberships straight into D1). */
export const forgetAllCallers = () => {
  generation++;
  entries.clear();
  lookups.clear();
};
