/**
 * /login's first paint in its HTML: emits dist/login.html, index.html with the sign-in page's markup
 * (web/src/boot/login-markup.tsx, rendered here with react-dom/server) inside #root. Workers static
 * assets serve login.html for /login (html_handling "auto-trailing-slash", the default), every other
 * path keeps index.html. On a phone network the sign-in card then paints with the HTML and the CSS,
 * not after ~140 KB of JS; React's first render replaces it with the same markup (no jump).
 *
 * The markup is inert (nothing in it can be focused or typed into before React owns it), and is not
 * painted when theme-init.js (the head's blocking script) finds a stored language other than English
 * or a stored session (the page would go on to the console): `data-boot="plain"` on <html>, read by
 * the small style below. The theme toggle's icon follows the theme by CSS until React renders it.
 */
import type { Alias, Plugin } from "vite";
import { createServer } from "vite";

export const PRERENDER_ID = "login-first-paint";

/** The style login.html carries (the CSP allows inline styles, not inline scripts). */
const STYLE = [
  `html[data-boot="plain"] #${PRERENDER_ID}{display:none}`,
  `html.dark #${PRERENDER_ID} .lucide-moon,html:not(.dark) #${PRERENDER_ID} .lucide-sun{display:none}`,
].join("");

/** Adds the sun icon beside the moon one (the light theme's), each shown in its own theme by STYLE. */
export function withBothThemeIcons(markup: string, sunSvg: string): string {
  const moon = /<svg[^>]*class="[^"]*lucide-moon[^"]*"[^>]*>.*?<\/svg>/s.exec(markup);
  if (!moon) throw new Error("login prerender: the theme toggle's moon icon is not in the markup");
  return markup.replace(moon[0], moon[0] + sunSvg);
}

/** index.html with `markup` inside #root (wrapped inert) and STYLE in the head. */
export function loginHtml(indexHtml: string, markup: string): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) throw new Error(`login prerender: index.html has no ${root}`);
  return indexHtml
    .replace("</head>", `  <style>${STYLE}</style>\n  </head>`)
    .replace(root, `<div id="root"><div id="${PRERENDER_ID}" inert>${markup}</div></div>`);
}

type Globals = Record<"window" | "document" | "localStorage" | "navigator", unknown>;

/**
 * Renders the sign-in page with Vite's SSR loader (same aliases as the build). The console's modules
 * read a few browser globals when they load (the theme's media query, the root's class, storage):
 * minimal stand-ins for a light theme and empty storage, removed afterwards.
 */
async function render(root: string, alias: Alias[], module: string): Promise<{ markup: string; sun: string }> {
  const g = globalThis as unknown as Partial<Globals>;
  const saved: Partial<Globals> = { window: g.window, document: g.document, localStorage: g.localStorage };
  const media = { matches: false, addEventListener() {}, removeEventListener() {} };
  const storage = { getItem: () => null, setItem() {}, removeItem() {} };
  g.window = {
    matchMedia: () => media,
    addEventListener() {},
    removeEventListener() {},
    location: { pathname: "/login" },
  };
  g.document = { documentElement: { classList: { contains: () => false }, lang: "en" } };
  g.localStorage = storage;
  const server = await createServer({
    configFile: false,
    root,
    logLevel: "error",
    resolve: { alias },
    appType: "custom",
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const mod = (await server.ssrLoadModule(module)) as {
      renderLoginMarkup: () => string;
      renderSunIcon: () => string;
    };
    return { markup: mod.renderLoginMarkup(), sun: mod.renderSunIcon() };
  } finally {
    await server.close();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete (g as Record<string, unknown>)[key];
      else (g as Record<string, unknown>)[key] = value;
    }
  }
}

export function loginPrerender(options: { root: string; alias: Alias[]; module: string }): Plugin {
  return {
    name: "outpost-login-prerender",
    apply: "build",
    enforce: "post",
    async generateBundle(_, bundle) {
      const index = bundle["index.html"];
      if (index?.type !== "asset") return;
      const { markup, sun } = await render(options.root, options.alias, options.module);
      this.emitFile({
        type: "asset",
        fileName: "login.html",
        source: loginHtml(String(index.source), withBothThemeIcons(markup, sun)),
      });
    },
  };
}
