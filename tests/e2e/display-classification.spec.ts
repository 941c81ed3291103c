import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { decodeJpeg } from "../../agent/display-health/capture.ts";
import { type AppFront, classify, type Measured, measure } from "../../agent/display-health/classify.ts";
import type { DisplayHealthState, PanelState } from "../../contracts/display-health/schema.ts";
import { expect, type Page, test } from "./test.ts";

/**
 * Display-health classification on real rendered images: 20 simulated displays, each a Chromium
 * page (or Chromium's own error page), captured twice one "interval" apart as JPEG screenshots
 * and judged by the agent's rules. Seven fault kinds (black, blank white, frozen, error page, app
 * not in front, panel off, unplugged) and two negatives (a playing page; a dark page with text,
 * which must never be "black").
 */
const PAGES: Record<string, string> = {
  // A signage page whose content moves: a box that slides and a counter that ticks.
  playing: `<body style="margin:0;font:32px sans-serif;background:#f4f7fb"><h1 style="background:#1d4ed8;color:#fff;margin:0;padding:16px">Menu</h1>
    <div id="b" style="position:absolute;top:140px;left:0;width:220px;height:160px;background:#f97316"></div><p id="n" style="position:absolute;top:320px;left:20px">0</p>
    <script>let i=0;setInterval(()=>{i++;b.style.left=((i*97)%900)+'px';n.textContent='Now showing '+i},100)</script></body>`,
  frozen: `<body style="margin:0;font:32px sans-serif;background:#f4f7fb"><h1 style="background:#15803d;color:#fff;margin:0;padding:16px">Offers</h1>
    <div style="position:absolute;top:140px;left:300px;width:220px;height:160px;background:#a855f7"></div></body>`,
  black: `<body style="margin:0;background:#000"></body>`,
  blank: `<body style="margin:0;background:#fff"></body>`,
  dark: `<body style="margin:0;background:#0f1115;color:#d4d4d8;font:22px sans-serif;padding:40px">
    <h2>Departures</h2><p>10:45 Zagreb · Gate 4 · On time</p><p>11:05 Split · Gate 2 · Boarding</p><p>11:30 Rijeka · Gate 7 · Delayed</p></body>`,
};

type Case = {
  page: keyof typeof PAGES | "error";
  expect: DisplayHealthState;
  panel?: PanelState;
  app?: AppFront;
  /** The application's launch says its content is static (a departures board between updates). */
  static?: boolean;
};
const KINDS: Case[] = [
  { page: "playing", expect: "showing" },
  { page: "dark", static: true, expect: "showing" },
  { page: "black", expect: "black" },
  { page: "blank", expect: "black" },
  { page: "frozen", expect: "frozen" },
  { page: "error", expect: "wrong_content" },
  { page: "playing", app: "crashed", expect: "wrong_content" },
  { page: "playing", panel: "off", expect: "panel_off_unexpected" },
  { page: "black", panel: "no_signal", expect: "unplugged" },
  { page: "dark", static: true, expect: "showing" },
];

/**
 * The page as a display capture. Chromium now and then refuses a capture while a page (its own
 * error page above all) is still settling ("Unable to capture screenshot"): asked again shortly.
 */
async function capture(page: Page, attempts = 3): Promise<Buffer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await page.screenshot({ type: "jpeg", quality: 70 });
    } catch (error) {
      if (attempt >= attempts || !String(error).includes("Unable to capture screenshot")) throw error;
      await page.waitForTimeout(200);
    }
  }
}

test("20 displays with 7 fault kinds are classified within two capture intervals, no false black", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const server = createServer((req, res) => {
    res.writeHead(200, { "Content-Type": "text/html" });
    res.end(`<!doctype html><html>${PAGES[(req.url ?? "/").slice(1)] ?? ""}</html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const context = await browser.newContext({ viewport: { width: 960, height: 540 } });
  try {
    const page = await context.newPage();
    const results: { display: number; want: DisplayHealthState; got: DisplayHealthState[] }[] = [];
    for (let display = 0; display < 20; display++) {
      const c = KINDS[display % KINDS.length] as Case;
      // The error page is Chromium's own: a port nothing listens on.
      const url = c.page === "error" ? "http://127.0.0.1:9/" : `http://127.0.0.1:${port}/${c.page}`;
      await page.goto(url).catch(() => {});
      let previous: Measured | null = null;
      const got: DisplayHealthState[] = [];
      // First capture while it plays as it should (a fault's first interval), then two intervals.
      for (let k = 0; k < 2; k++) {
        if (k > 0) await page.waitForTimeout(350);
        const shot = await capture(page);
        const m = measure(decodeJpeg(shot), previous);
        previous = m;
        got.push(
          classify({
            panel: c.panel ?? "unknown",
            scheduledOff: false,
            metrics: m,
            isStatic: c.static ?? false,
            app: c.app ?? "running",
          }).state,
        );
      }
      results.push({ display, want: c.expect, got });
    }
    for (const r of results) expect(r.got.at(-1), `display ${r.display}: ${r.got.join(" → ")}`).toBe(r.want);
    // Never "black" on a page that shows something (the dark page with text above all).
    const shows = results.filter((r) => r.want === "showing");
    expect(shows.flatMap((r) => r.got).filter((s) => s === "black")).toEqual([]);
    // Fault kinds injected (black, blank, frozen, error page, app not in front, panel off, unplugged).
    const faults = new Set(KINDS.filter((c) => c.expect !== "showing").map((c) => JSON.stringify(c)));
    expect(faults.size).toBeGreaterThanOrEqual(6);
    expect(new Set(results.map((r) => r.want)).size).toBeGreaterThanOrEqual(6);
  } finally {
    await context.close();
    server.close();
  }
});
