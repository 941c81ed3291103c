import "swagger-ui-dist/swagger-ui.css";
import "./api-docs.css";
import SwaggerUIBundle from "swagger-ui-dist/swagger-ui-es-bundle.js";

/** The console's theme key (lib/storage.ts storageKeys.theme; also web/public/theme-init.js). */
const THEME_KEY = "outpost.theme";
const systemDark = matchMedia("(prefers-color-scheme: dark)");

/** The console's choice ("dark"/"light"), else the system's: the same rule as theme-init.js. */
function prefersDark(): boolean {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(THEME_KEY);
  } catch {
    // Storage can be disabled: follow the system.
  }
  return stored === "dark" || (stored !== "light" && systemDark.matches);
}

/** "dark" is the console's class (set before first paint by theme-init.js), "dark-mode" Swagger UI's. */
function applyTheme() {
  const dark = prefersDark();
  const root = document.documentElement;
  root.classList.toggle("dark", dark);
  root.classList.toggle("dark-mode", dark);
  root.style.colorScheme = dark ? "dark" : "light";
}

applyTheme();
systemDark.addEventListener("change", applyTheme);
// The console switched theme in another tab.
addEventListener("storage", (event) => {
  if (event.key === THEME_KEY || event.key === null) applyTheme();
});

const mount = document.getElementById("swagger-ui");
if (!mount) throw new Error("api-docs.html has no #swagger-ui element");

SwaggerUIBundle({
  url: "/api/openapi.json",
  domNode: mount,
  // BaseLayout: no top bar with its URL box, so the page shows only this server's document.
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
  deepLinking: true,
  // No badge loaded from the public validator: the page talks to its own origin only.
  validatorUrl: null,
  docExpansion: "list",
  filter: true,
  displayRequestDuration: true,
  // A pasted token lives in this page's memory only, never in localStorage.
  persistAuthorization: false,
  defaultModelsExpandDepth: 0,
});
