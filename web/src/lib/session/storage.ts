/**
 * Every localStorage key the console uses, defined once. (web/public/theme-init.js repeats
 * `theme` in its pre-paint script, which runs before any module loads.)
 */
export const storageKeys = {
  session: "outpost.session",
  theme: "outpost.theme",
  lang: "outpost.lang",
  view: "outpost.view",
  space: "outpost.space",
  sidebar: "outpost.sidebar",
  /** The user's "Show failures of remote actions" (off unless "1"). */
  remoteFailures: "outpost.remoteFailures",
  /** The command palette's recent items, one key per account and space (`….{account}.{space}`). */
  paletteRecent: "outpost.paletteRecent",
  filters: {
    location: "outpost.filters.location",
    tag: "outpost.filters.tag",
    country: "outpost.filters.country",
  },
} as const;

/** localStorage can throw (private mode, quota, disabled storage): never let that break the UI. */
export function readString(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Nothing sensible to do: the value just is not remembered.
  }
}

export function readJson(key: string): unknown {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown) {
  writeString(key, value === null ? null : JSON.stringify(value));
}

/** Switching space forgets the list filters that only made sense in the old space. */
export function clearSpaceFilters() {
  for (const key of Object.values(storageKeys.filters)) writeString(key, null);
}
