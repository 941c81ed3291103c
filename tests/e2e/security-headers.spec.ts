import { setTheme, signInWithForm } from "./support.ts";
import { expect, type Page, test } from "./test.ts";

const POLICY_HEADERS = ["content-security-policy", "x-content-type-options", "referrer-policy"] as const;

test("static files carry the policy headers and the right caching; the same policy as the Worker's", async ({
  request,
}) => {
  const api = await request.get("/healthz");
  const policy = api.headers()["content-security-policy"];
  expect(policy).toContain("default-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");

  const root = await request.get("/");
  const deep = await request.get("/devices");
  const hashed = /src="(\/assets\/[^"]+\.js)"/.exec(await root.text())?.[1];
  expect(hashed).toBeTruthy();
  const asset = await request.get(hashed ?? "");
  for (const res of [root, deep, asset]) {
    expect(res.status()).toBe(200);
    const headers = res.headers();
    expect(headers["content-security-policy"]).toBe(policy);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("no-referrer");
  }
  // The SPA shell (also as the fallback of a deep link) is revalidated; hashed files are kept.
  expect(root.headers()["cache-control"]).toBe("no-cache");
  expect(deep.headers()["cache-control"]).toBe("no-cache");
  expect(deep.headers()["content-type"]).toContain("text/html");
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  for (const name of POLICY_HEADERS) expect(api.headers()[name]).toBeTruthy();
});

/** Collects every CSP violation the page reports, from the DOM event and from the console. */
function watchPolicy(page: Page) {
  const reports: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) reports.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => {
    if (/Content Security Policy/i.test(err.message)) reports.push(`pageerror: ${err.message}`);
  });
  return reports;
}

test("the console works under the policy: sign-in, device list, flyout, dark theme before first paint", async ({
  page,
}) => {
  const reports = watchPolicy(page);
  await page.exposeFunction("reportViolation", (text: string) => reports.push(`event: ${text}`));
  await page.addInitScript(() => {
    const w = window as unknown as { reportViolation: (t: string) => void; darkAtBody?: boolean };
    document.addEventListener("securitypolicyviolation", (e) =>
      w.reportViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
    // The theme class as the <body> is parsed: only the blocking /theme-init.js can have set it
    // by then (the app's module script runs later), so this proves the pre-paint script ran.
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      w.darkAtBody = document.documentElement.classList.contains("dark");
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });

  await signInWithForm(page);
  await page.evaluate(() => localStorage.setItem("outpost.view", "grid"));
  await page.reload();
  const grid = page.getByRole("list", { name: "Devices" });
  await expect(grid.getByRole("listitem").first()).toBeVisible();
  await expect(page.getByTestId("devices-count")).toHaveText(/\d+ devices/);

  await setTheme(page, "dark");
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  expect(await page.evaluate(() => (window as unknown as { darkAtBody?: boolean }).darkAtBody)).toBe(true);

  // A device's flyout, including the tab that draws a chart.
  const name = "ZG Reception Kiosk";
  await page.getByLabel("Search by name, description, machine id, uuid, IP or MAC address, location or tag").fill(name);
  await grid.getByRole("link", { name: new RegExp(name) }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name })).toBeVisible();
  await dialog.getByRole("link", { name: "Reports" }).click();
  await expect(dialog.locator(".recharts-bar-rectangle path").first()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await setTheme(page, "light");

  expect(reports).toEqual([]);
});
