import { CREDENTIAL_ENDED, CREDENTIAL_PREFIX } from "@contracts/access/values";
import { useSyncExternalStore } from "react";

/**
 * A wall display session: the screen was opened with `/wall?display={secret}` and
 * calls the API and the space room with that display link instead of a person's session — no
 * password, no token refresh at 3 a.m. It is kept in sessionStorage: it survives a reload of the
 * wall's tab, and a desk browser's other tabs keep their own session.
 */
const STORAGE_KEY = "outpost.display";

/** Why a display session ended: the wall says so ("This display link was revoked"). */
export type DisplaySessionEnd = "revoked" | "expired" | "invalid" | "ended";

export type DisplaySessionState = { secret: string | null; ended: DisplaySessionEnd | null };

const SECRET = new RegExp(`^${CREDENTIAL_PREFIX.display_link}[A-Za-z0-9_-]{43}$`);

/** Whether `value` has the shape of a display link's secret (`owd_` + 43 base64url characters). */
export const isDisplaySecret = (value: string) => SECRET.test(value);

function read(): string | null {
  try {
    const value = globalThis.sessionStorage?.getItem(STORAGE_KEY) ?? null;
    return value && isDisplaySecret(value) ? value : null;
  } catch {
    return null;
  }
}

function write(value: string | null) {
  try {
    if (value === null) globalThis.sessionStorage?.removeItem(STORAGE_KEY);
    else globalThis.sessionStorage?.setItem(STORAGE_KEY, value);
  } catch {
    // Storage refused (private mode, quota): the session lasts as long as the page.
  }
}

let state: DisplaySessionState = { secret: read(), ended: null };
const listeners = new Set<() => void>();

function set(next: DisplaySessionState) {
  state = next;
  write(next.secret);
  for (const listener of listeners) listener();
}

/**
 * Starts a display session with a display link's secret (the wall calls it for `?display=` and
 * then removes the secret from the address bar). Returns false — and records the session as
 * ended "invalid" — when the value is not a display link's secret.
 */
export function startDisplaySession(secret: string): boolean {
  const value = secret.trim();
  if (!isDisplaySecret(value)) {
    set({ secret: null, ended: "invalid" });
    return false;
  }
  set({ secret: value, ended: null });
  return true;
}

/** The active display session's secret (the API's bearer), or null when there is none. */
export function getDisplaySecret(): string | null {
  return state.secret;
}

/** Ends the display session (default: the wall was left); the reason stays readable for the wall. */
export function endDisplaySession(reason: DisplaySessionEnd = "ended") {
  if (state.secret === null && state.ended === reason) return;
  set({ secret: null, ended: reason });
}

/**
 * Ends the display session after the API refused its secret (401), with the reason the server
 * gave (revoked, expired, otherwise invalid).
 */
export function endDisplaySessionRefused(message: string | undefined) {
  const ended = CREDENTIAL_ENDED.display_link;
  endDisplaySession(message === ended.revoked ? "revoked" : message === ended.expired ? "expired" : "invalid");
}

/** Why the last display session ended, or null while one is active (or none ever was). */
export function displaySessionEnd(): DisplaySessionEnd | null {
  return state.ended;
}

export function subscribeDisplaySession(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The display session in a component: re-renders when it starts or ends. */
export function useDisplaySession(): DisplaySessionState {
  return useSyncExternalStore(subscribeDisplaySession, () => state);
}
