import { useSyncExternalStore } from "react";
import { readString, storageKeys, writeString } from "./storage";

export type Theme = "light" | "dark";

const media = window.matchMedia("(prefers-color-scheme: dark)");
const listeners = new Set<() => void>();

function storedTheme(): Theme | null {
  const value = readString(storageKeys.theme);
  return value === "light" || value === "dark" ? value : null;
}

// theme-init.js (loaded by index.html) already applied the class before first paint; start from what it decided.
let current: Theme = document.documentElement.classList.contains("dark") ? "dark" : "light";

/**
 * Switches the theme in one frame: hover and focus colour transitions would otherwise fade
 * every card through grey at once.
 */
function apply(theme: Theme) {
  current = theme;
  const root = document.documentElement;
  const still = document.createElement("style");
  still.textContent = "*,*::before,*::after{transition:none!important}";
  document.head.appendChild(still);
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
  // Apply the new colours with transitions off, then let them back on.
  void document.body.offsetHeight;
  requestAnimationFrame(() => still.remove());
  for (const listener of listeners) listener();
}

/** Remembers the choice; from then on the OS preference no longer applies. */
export function setTheme(theme: Theme) {
  writeString(storageKeys.theme, theme);
  apply(theme);
}

export function toggleTheme() {
  setTheme(current === "dark" ? "light" : "dark");
}

// Without a stored choice the theme follows the OS (e.g. a scheduled dark mode).
media.addEventListener("change", (event) => {
  if (!storedTheme()) apply(event.matches ? "dark" : "light");
});

export function useTheme(): Theme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    // The build renders the sign-in page's first paint (web/build/login-prerender.ts) in the light theme.
    () => current,
  );
}
