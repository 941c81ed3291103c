import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { CONSOLE_CLIENT_ID, TokenResponse } from "../../contracts/auth/schema.ts";
import { storageKeys } from "../../web/src/lib/session/storage.ts";
import { type Session, sessionFromTokens } from "../../web/src/lib/session/stored-session.ts";

/** Screenshots every local run keeps (looked at by people, not compared by tests). */
export const ARTIFACTS = "tests/e2e/artifacts";

/**
 * Whether this run takes the screenshots people look at: every local run does; CI, where nobody
 * looks at them, only with E2E_SCREENSHOTS=1. Taking them (233 in a run, 1440×900 to 3840×2160,
 * composited in software) and the settling before them were ≈ 75 s of the suite's time.
 */
export const KEEP_SCREENSHOTS = !process.env.CI || process.env.E2E_SCREENSHOTS === "1";

/**
 * A screenshot for people to look at, written to `path` when this run keeps them (KEEP_SCREENSHOTS),
 * after `settleMs` for transitions to end; otherwise nothing, not even the wait. A screenshot a
 * test reads (pixels it checks, an image it serves) calls `.screenshot()` itself.
 */
export async function screenshot(
  target: Page | Locator,
  path: string,
  { settleMs = 0, fullPage = false }: { settleMs?: number; fullPage?: boolean } = {},
) {
  if (!KEEP_SCREENSHOTS) return;
  const page = "goto" in target ? target : target.page();
  if (settleMs) await page.waitForTimeout(settleMs);
  await ("goto" in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }));
}
/** The demo seed's password for every demo account (README). */
export const DEMO_PASSWORD = "outpost-demo";

/**
 * Signs in like a person at the login form and waits for the landing page. Used where the form
 * itself is under test (shell, the wall's sign-in, the console under its security policy).
 */
export async function signInWithForm(page: Page, email = "admin@outpost.demo", password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/devices$/);
}

/*
 * Signed-in state shared between the tests of a worker: one password grant per account, kept and
 * handed to the next tests that sign in as it, instead of a grant per test. Refresh tokens rotate
 * and a replayed one revokes its whole family, so a kept session is only handed out while no
 * console can refresh it: the console's session keeper refreshes 60 s before the access token
 * expires (web/src/lib/session-keeper.ts, REFRESH_MARGIN_MS), and a session is handed to a test only
 * if that moment is further away than the test may last. After each test (tests/e2e/test.ts) a
 * session whose tab no longer holds it unchanged (refreshed, signed out, or not readable) is
 * dropped, and the next sign-in makes a new one. Each worker keeps its own (module state of its
 * process), so two tests never hold one family at once.
 */
const REFRESH_MARGIN_MS = 60_000;
/** What a test may last at least, whatever its timeout says when it signs in (test.slow() triples 60 s later). */
const LONGEST_TEST_MS = 180_000;
const kept = new Map<string, Session>();
const handedOut: { email: string; page: Page; refreshToken: string }[] = [];

/** A kept session of `email` that no console will refresh before this test ends, or a new one. */
async function sessionFor(request: APIRequestContext, email: string, password: string): Promise<Session> {
  const holdMs = Math.max(test.info().timeout, LONGEST_TEST_MS) + 10_000;
  const session = kept.get(email);
  if (session && password === DEMO_PASSWORD && session.expires_at - REFRESH_MARGIN_MS - Date.now() > holdMs)
    return session;
  const fresh = sessionFromTokens(await passwordGrant(request, email, password));
  if (password === DEMO_PASSWORD) kept.set(email, fresh);
  return fresh;
}

/**
 * After a test: a kept session survives only if every tab it was handed to still holds it as it was
 * (nothing refreshed or signed out), and the test passed.
 */
export async function settleSignIns(passed: boolean) {
  for (const { email, page, refreshToken } of handedOut.splice(0)) {
    const held = passed
      ? await page
          .evaluate((key) => localStorage.getItem(key), storageKeys.session)
          .then((value) => (value ? (JSON.parse(value) as Partial<Session>).refresh_token : null))
          .catch(() => null)
      : null;
    if (held !== refreshToken && kept.get(email)?.refresh_token === refreshToken) kept.delete(email);
  }
}

/**
 * Opens the console signed in, as for a user coming back to a tab whose session is remembered:
 * the tokens of the same password grant the login form makes (the console's client id; kept per
 * worker and account, see above), kept where and as the console keeps them (`storageKeys.session`
 * in localStorage, shaped by web/src/lib/stored-session.ts), then /devices opened. It skips the
 * login page's own load — one full page load less per test; signInWithForm covers the form.
 * `fresh`: a refresh-token family of the test's own, for a test that refreshes or revokes it.
 */
export async function signIn(
  page: Page,
  email = "admin@outpost.demo",
  password = DEMO_PASSWORD,
  { fresh = false }: { fresh?: boolean } = {},
) {
  const session = fresh
    ? sessionFromTokens(await passwordGrant(page.request, email, password))
    : await sessionFor(page.request, email, password);
  if (!fresh && kept.get(email) === session) handedOut.push({ email, page, refreshToken: session.refresh_token });
  // A document of the console's origin that runs no script, to write its localStorage from (each
  // test starts on one: tests/e2e/test.ts).
  if (new URL(page.url()).pathname !== "/healthz") await page.goto("/healthz");
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    storageKeys.session,
    JSON.stringify(session),
  ] as const);
  await page.goto("/devices");
  await expect(page).toHaveURL(/\/devices$/);
}

/** Signs in as the demo admin and switches to the Outpost Lab space (where the lab runner is). */
export async function signInToLab(page: Page) {
  await signIn(page);
  await page.getByRole("button", { name: "Account" }).click();
  await page.getByRole("dialog").getByText("Outpost Lab").click();
  await expect(page.getByText("Outpost Lab").first()).toBeVisible();
}

/**
 * A dark screenshot of what is open, flyouts included (their modal hides the theme toggle): sets
 * the class the toggle sets, waits `settleMs` for the colour transitions, and goes back to light.
 */
export async function darkScreenshot(page: Page, name: string, settleMs: number) {
  if (!KEEP_SCREENSHOTS) return;
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  if (settleMs) await page.waitForTimeout(settleMs);
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png` });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

/** Where UI is looked at: desktop, phone, large desktop. */
export const SCREENSHOT_SIZES = [
  [1440, 900],
  [390, 844],
  [1920, 1080],
] as const;

/**
 * What is open, at each of SCREENSHOT_SIZES, light and dark (`{name}-{width}-light.png` and
 * `-dark.png`); the viewport is 1440×900 again afterwards.
 */
export async function screenshotSizes(page: Page, name: string, settleMs = 250) {
  if (!KEEP_SCREENSHOTS) return;
  for (const [width, height] of SCREENSHOT_SIZES) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `${ARTIFACTS}/${name}-${width}-light.png`, { settleMs });
    await darkScreenshot(page, `${name}-${width}-dark`, settleMs);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Switches the theme with the top bar's toggle (only when it differs) and waits for it. */
export async function setTheme(page: Page, theme: "light" | "dark") {
  const html = page.locator("html");
  // Clicked again if the first click did not take (seen once in CI under two lanes: the toggle's
  // tooltip was open and the class never changed); a toggle that never works still fails here.
  await expect(async () => {
    const dark = ((await html.getAttribute("class")) ?? "").includes("dark");
    if (dark !== (theme === "dark")) await page.getByRole("button", { name: "Toggle theme" }).click();
    if (theme === "dark") await expect(html).toHaveClass(/dark/, { timeout: 2_000 });
    else await expect(html).not.toHaveClass(/dark/, { timeout: 2_000 });
  }).toPass({ timeout: 10_000 });
}

/** An Authorization header for the demo admin through the console's password grant (API calls in tests). */
export async function bearer(request: APIRequestContext, username = "admin@outpost.demo") {
  return { Authorization: `Bearer ${(await sessionFor(request, username, DEMO_PASSWORD)).access_token}` };
}

/** POST /auth/token with the password grant through the console's client, as its login form does. */
async function passwordGrant(request: APIRequestContext, username: string, password = DEMO_PASSWORD) {
  const res = await request.post("/auth/token", {
    form: { grant_type: "password", username, password, client_id: CONSOLE_CLIENT_ID },
  });
  expect(res.status(), `password grant for ${username}`).toBe(200);
  return TokenResponse.parse(await res.json());
}

/**
 * Signs in and has the page's first input start the background load of `chunk`, held and then
 * failed; resolves once it is asked for. `reachable()` lets later fetches through and then fails
 * the held one: a press made in between joins that failing fetch (the browser fetches a module
 * once at a time), as when the network comes back while a background load is still failing.
 */
export async function signInWithFailingBackgroundLoad(page: Page, chunk: RegExp) {
  let failing = true;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = 0;
  await page.route(chunk, async (route) => {
    asked++;
    if (!failing) return route.continue();
    await held;
    return route.abort();
  });
  await signIn(page);
  await page.mouse.move(600, 400);
  await expect.poll(() => asked).toBe(1);
  return {
    /** Later fetches of the chunk go through; call `failHeld` after the press. */
    reachable: () => {
      failing = false;
    },
    failHeld: () => release(),
  };
}
