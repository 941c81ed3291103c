// Applies the theme before first paint (no light flash on dark wall screens). A file of its own,
// loaded blocking from index.html's <head>: the Content-Security-Policy (script-src 'self')
// forbids inline scripts. The keys are lib/storage.ts storageKeys' theme, lang and session; keep them in sync.
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
  // /login's HTML carries the sign-in page's first paint in English (web/build/login-prerender.ts).
  // Not painted (data-boot="plain": the themed background until React renders) for a stored language
  // other than English, a stored session (the page goes on to the console) or a page state kept over
  // a reload (a notice above the form): React's first render would differ from it.
  try {
    const lang = localStorage.getItem("outpost.lang");
    const state = history.state?.usr;
    if ((lang && lang !== "en") || localStorage.getItem("outpost.session") || state) {
      document.documentElement.dataset.boot = "plain";
    }
  } catch {
    document.documentElement.dataset.boot = "plain";
  }
})();
