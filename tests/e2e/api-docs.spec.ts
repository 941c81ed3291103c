import { LAB_SPACE_UUID } from "../../agent/sim/demo-data.ts";
import { ARTIFACTS, bearer, screenshot } from "./support.ts";
import { expect, type Page, test } from "./test.ts";

const TAG_LIST = "/space/{space}/tag/items/";

/**
 * Collects what the page must never do: break the Content-Security-Policy (the DOM event and
 * the console) or ask another host for anything (fonts, scripts, a validator badge).
 */
async function watchPage(page: Page, origin: string) {
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) problems.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (!["data:", "blob:"].includes(url.protocol) && url.origin !== origin) problems.push(`request: ${req.url()}`);
  });
  await page.exposeFunction("reportViolation", (text: string) => problems.push(`violation: ${text}`));
  await page.addInitScript(() => {
    const w = window as unknown as { reportViolation: (t: string) => void };
    document.addEventListener("securitypolicyviolation", (e) =>
      w.reportViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return problems;
}

/** The tag list operation's block, found by the path Swagger UI writes into data-path. */
const tagListBlock = (page: Page) =>
  page.locator(".opblock").filter({ has: page.locator(`.opblock-summary-path[data-path="${TAG_LIST}"]`) });

/**
 * Swagger UI renders the sections as they scroll into view (the Tags section is far down once the
 * document has 110+ operations): the filter box brings it to the top, as a reader would do.
 */
async function showTags(page: Page) {
  await page.getByPlaceholder("Filter by tag or path").fill("Tags");
}

/** Swagger UI parses 1.5 MB of script and renders every operation: slow on a busy machine. */
const RENDERED = { timeout: 30_000 };

test("the API reference renders the OpenAPI document under the policy, light and dark, and tries a call with a pasted token", async ({
  page,
  request,
  baseURL,
}) => {
  // A password grant is slow on a busy machine (PBKDF2): room for it beside the page's own waits.
  test.setTimeout(120_000);
  const problems = await watchPage(page, new URL(baseURL ?? "").origin);
  const token = (await bearer(request)).Authorization.replace(/^Bearer /, "");

  await page.emulateMedia({ colorScheme: "light" });
  const res = await page.goto("/api/docs");
  expect(res?.status()).toBe(200);
  expect(res?.headers()["content-security-policy"]).toContain("script-src 'self'");
  await expect(page).toHaveTitle("Outpost API reference");
  await expect(page.getByRole("heading", { name: "Outpost API reference", level: 1 })).toBeVisible();
  // Swagger UI has loaded /api/openapi.json: its title, and the tag routes' operations.
  await expect(page.locator(".info .title")).toContainText("Outpost API", RENDERED);
  await showTags(page);
  await expect(tagListBlock(page)).toBeVisible(RENDERED);
  await expect(page.locator("html")).not.toHaveClass(/dark-mode/);
  await screenshot(page, `${ARTIFACTS}/api-docs-light.png`);

  // The system's dark preference (no choice stored by the console) turns the page dark.
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass(/dark-mode/);
  await screenshot(page, `${ARTIFACTS}/api-docs-dark.png`);
  // …and the console's stored choice wins over the system's.
  await page.evaluate(() => localStorage.setItem("outpost.theme", "light"));
  await page.reload();
  await expect(page.locator(".info .title")).toContainText("Outpost API", RENDERED);
  await showTags(page);
  await expect(tagListBlock(page)).toBeVisible(RENDERED);
  await expect(page.locator("html")).not.toHaveClass(/dark-mode/);

  // Paste a token into the bearer scheme and try the tag list.
  await page.getByRole("button", { name: "Authorize", exact: true }).click();
  const dialog = page.locator(".dialog-ux .modal-ux");
  await dialog.locator("input").first().fill(token);
  await dialog.getByRole("button", { name: "Apply credentials" }).click();
  await dialog.getByRole("button", { name: "Close" }).click();

  const block = tagListBlock(page);
  await block.locator(".opblock-summary").click();
  await block.getByRole("button", { name: "Try it out" }).click();
  await block.locator('tr[data-param-name="space"] input').fill(LAB_SPACE_UUID);
  await block.getByRole("button", { name: "Execute" }).click();
  const live = block.locator(".live-responses-table");
  await expect(live.locator("td.response-col_status:not(.col_header)")).toHaveText("200", RENDERED);
  await expect(live).toContainText('"tags"');
  await screenshot(page, `${ARTIFACTS}/api-docs-try.png`);

  expect(problems).toEqual([]);
});
