import type { AccessTokenClaims } from "@contracts/auth/schema";
import { useSyncExternalStore } from "react";
import { isObject, isString } from "../api/json-checks";
import { requestPasswordGrant, requestRefreshGrant, revokeRefreshToken } from "./auth-client";
import { readJson, storageKeys, writeJson } from "./storage";
import { asSession, type Session, sessionFromTokens } from "./stored-session";

export type { Session };

/** Why the last session ended: a user's own sign-out is not an "Unauthorized" redirect. */
export type SessionEnd = "signed_out" | "expired";

let current: Session | null = load();
let lastEnd: SessionEnd | null = null;
const listeners = new Set<() => void>();

function load(): Session | null {
  const stored = asSession(readJson(storageKeys.session));
  if (!stored) return null;
  return stored.refresh_expires_at !== null && stored.refresh_expires_at <= Date.now() ? null : stored;
}

function set(next: Session | null, persist = true) {
  current = next;
  if (persist) writeJson(storageKeys.session, next);
  for (const listener of listeners) listener();
}

export function getSession() {
  return current;
}

export function subscribeSession(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession() {
  return useSyncExternalStore(subscribeSession, getSession);
}

export function sessionEndReason() {
  return lastEnd;
}

/** Clears the stored session; guarded routes then send the user to /login. */
export function endSession(reason: SessionEnd) {
  lastEnd = reason;
  if (current) set(null);
}

/** Password grant; stores the session. Throws TokenRequestError (with the server's text). */
export async function signIn(email: string, password: string) {
  const tokens = await requestPasswordGrant(email, password);
  lastEnd = null;
  set(sessionFromTokens(tokens));
}

/** Work to do while the session is still valid when the user signs out (e.g. report presence). */
const signOutHooks = new Set<() => Promise<unknown>>();

export function beforeSignOut(hook: () => Promise<unknown>) {
  signOutHooks.add(hook);
  return () => {
    signOutHooks.delete(hook);
  };
}

/** Runs the beforeSignOut hooks, revokes the refresh-token family, then clears the stored session. */
export async function signOut() {
  const session = current;
  // Best effort and bounded: sign-out never waits more than 3 s for these.
  const hooks = Promise.allSettled([...signOutHooks].map((hook) => hook()));
  await Promise.race([hooks, new Promise((resolve) => setTimeout(resolve, 3000))]);
  if (session) await revokeRefreshToken(session.refresh_token).catch((error) => console.warn("Revoke failed", error));
  endSession("signed_out");
}

/** The e-mail claim of the access token (the API's /account/login/ needs it). */
export function sessionEmail(session = current): string | null {
  const payload = session?.access_token.split(".")[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    // The token's claims (contracts/auth/schema.ts `AccessTokenClaims`): only the e-mail is read.
    const claims: unknown = JSON.parse(json);
    const email: AccessTokenClaims["email"] | undefined =
      isObject(claims) && isString(claims.email) ? claims.email : undefined;
    return email ?? null;
  } catch {
    return null;
  }
}

// Another tab refreshed or signed out: follow it.
window.addEventListener("storage", (event) => {
  if (event.key !== storageKeys.session && event.key !== null) return;
  const next = load();
  if (!next && current) lastEnd = "expired";
  set(next, false);
});

let inflight: Promise<Session> | null = null;

/**
 * Single-flight refresh. Refresh tokens rotate and a replayed one revokes the whole family,
 * so only one refresh may run at a time — across tabs too (Web Locks where available).
 * `staleAccessToken` is the token the caller saw fail or expire: when the stored session
 * already has a newer one (another caller or tab refreshed meanwhile) it is returned as is.
 */
export function refreshSession(staleAccessToken?: string): Promise<Session> {
  inflight ??= withRefreshLock(async () => {
    const latest = load();
    if (!latest) throw new Error("No session to refresh");
    if (staleAccessToken !== undefined && latest.access_token !== staleAccessToken) {
      set(latest, false);
      return latest;
    }
    const next = sessionFromTokens(await requestRefreshGrant(latest.refresh_token));
    set(next);
    return next;
  }).finally(() => {
    inflight = null;
  });
  return inflight;
}

function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  // navigator.locks exists only in secure contexts (https, localhost).
  if ("locks" in navigator) return navigator.locks.request("outpost.session.refresh", task);
  return task();
}

/** An access token valid for at least a few more seconds (refreshing first when needed). */
export async function freshAccessToken(): Promise<string | null> {
  const session = current;
  if (!session) return null;
  if (session.expires_at - Date.now() > 10_000) return session.access_token;
  return (await refreshSession(session.access_token)).access_token;
}
