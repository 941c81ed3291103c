// Applies the theme before first paint (no light flash on dark wall screens). A file of its own,
// loaded blocking from index.html's <head>: the Content-Security-Policy (script-src 'self')
// forbids inline scripts. The key is lib/storage.ts storageKeys.theme; keep them in sync.
(() => {
  let dark = false;
  try {
    const stored = localStorage.getItem("outpost.theme");
    dark = stored === "dark" || (stored !== "light" && matchMedia("(prefers-color-scheme: dark)").matches);
  } catch {
    dark = matchMedia("(prefers-color-scheme: dark)").matches;
  }
  document.documentElement.classList.toggle("dark", dark);
  document.documentElement.style.colorScheme = dark ? "dark" : "light";
})();
