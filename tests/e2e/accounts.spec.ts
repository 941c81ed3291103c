import { ARTIFACTS, screenshot, setTheme, signIn } from "./support.ts";
import { type Browser, expect, test } from "./test.ts";

/** The link of the newest mail to `to`, read from the developer outbox page like a person would. */
async function linkFromDevMail(browser: Browser, baseURL: string, to: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(`/dev/mail?to=${encodeURIComponent(to)}`);
  const link = page.locator(`article[data-mail-to="${to}"] a`).first();
  await expect(link).toBeVisible();
  const href = await link.getAttribute("href");
  await context.close();
  if (!href) throw new Error(`no link in the mail to ${to}`);
  return href;
}

test("an Admin invites two users in one row; one registers from the mailed link and signs in", async ({
  page,
  browser,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);
  const first = `ana.${stamp}@example.com`;
  const second = `ivo.${stamp}@example.com`;

  await signIn(page, "admin@outpost.demo");
  await page.getByRole("link", { name: "Accounts" }).click();
  await expect(page).toHaveURL(/\/accounts$/);
  const table = page.getByRole("region", { name: "Accounts" }).getByRole("table");
  await expect(table.locator("tbody tr[data-status]").first()).toBeVisible();
  await expect(table.getByTestId("skeleton-row")).toHaveCount(0);
  await expect(page.getByTestId("summary-total")).toHaveText(/\d+/);
  await setTheme(page, "light");
  await screenshot(page, `${ARTIFACTS}/accounts-table.png`);
  await setTheme(page, "dark");
  await screenshot(page, `${ARTIFACTS}/accounts-table-dark.png`);
  await setTheme(page, "light");

  // The invite flyout: two e-mails typed into one row become two chips.
  await page.getByRole("link", { name: "Invite users" }).click();
  await expect(page).toHaveURL(/\/accounts\/inviteUser$/);
  const sheet = page.getByRole("dialog", { name: "Invite users" });
  const emails = sheet.getByLabel("Emails (row 1)");
  await emails.fill(first);
  await emails.press(",");
  await emails.pressSequentially(`${second} `);
  await expect(sheet.getByTestId("email-chip")).toHaveText([first, second]);
  await expect(sheet.getByLabel("Role")).toHaveValue(/.+/);
  await screenshot(page, `${ARTIFACTS}/invite-dialog.png`);
  await sheet.getByRole("button", { name: "Invite users" }).click();
  await expect(page.getByText("User has been invited successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/accounts$/);
  await page.getByLabel("Search by email or display name").fill(stamp);
  await expect(table.getByRole("row").filter({ hasText: first })).toContainText("Invited");
  await expect(table.getByRole("row").filter({ hasText: second })).toContainText("Invited");

  // The new user follows the registration link from the outbox in a browser of their own.
  const href = await linkFromDevMail(browser, baseURL ?? "", first);
  expect(href).toContain("/account-registration?account=");
  const newcomer = await browser.newContext({ baseURL });
  const guest = await newcomer.newPage();
  await guest.goto(href);
  await expect(guest.getByRole("heading", { name: "Finish your registration" })).toBeVisible();
  await expect(guest.getByLabel("Display name")).toHaveValue(`ana.${stamp}`);
  await guest.getByLabel("Full name (optional)").fill("Ana Horvat");
  await guest.getByLabel("New password").fill("ana-secret-1");
  await guest.getByLabel("Repeat the password").fill("ana-secret-1");
  await screenshot(guest, `${ARTIFACTS}/registration.png`);
  await guest.getByRole("button", { name: "Finish registration" }).click();

  await expect(guest).toHaveURL(/\/login$/);
  await expect(guest.getByRole("status")).toContainText("Your account is ready");
  await expect(guest.getByLabel("Email")).toHaveValue(first);
  await guest.getByLabel("Password", { exact: true }).fill("ana-secret-1");
  await guest.getByRole("button", { name: "Sign in" }).click();
  await expect(guest).toHaveURL(/\/devices$/);
  await expect(guest.getByText("Outpost Demo").first()).toBeVisible();

  // The link worked once.
  await guest.goto(href);
  await expect(guest).toHaveURL(/\/success\?state=LinkExpired$/);
  await newcomer.close();

  // Back in the Admin's table the account is active.
  await page.reload();
  await page.getByLabel("Search by email or display name").fill(first);
  await expect(table.getByRole("row").filter({ hasText: first })).toContainText("Active");
});

test("a Viewer sees no invite action and the server refuses the call", async ({ page }) => {
  await signIn(page, "viewer@outpost.demo");
  await page.getByRole("link", { name: "Accounts" }).click();
  await expect(page.getByRole("region", { name: "Accounts" }).getByRole("table")).toBeVisible();
  await page.getByLabel("Search by email or display name").fill("admin@outpost.demo");
  await expect(page.getByText("admin@outpost.demo", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Invite users" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Actions for / })).toHaveCount(0);

  await page.goto("/accounts/inviteUser");
  await expect(page.getByText("Only Admins can invite users")).toBeVisible();

  const status = await page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem("outpost.session") ?? "{}") as { access_token?: string };
    const space = localStorage.getItem("outpost.space");
    const roles = await fetch(`/api/space/${space}/role/items/`, {
      headers: { Authorization: `Bearer ${session.access_token}` },
    }).then((r) => r.json() as Promise<{ roles: { uuid: string }[] }>);
    const res = await fetch(`/api/space/${space}/account/add/`, {
      method: "POST",
      headers: { Authorization: `Bearer ${session.access_token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ user_accounts: [{ email: "sneaky@example.com", role_uuid: roles.roles[0].uuid }] }),
    });
    return res.status;
  });
  expect(status).toBe(403);
});

test("an Admin's row actions open from the keyboard: Change role asks in a dialog that Escape closes", async ({
  page,
}) => {
  await signIn(page, "admin@outpost.demo");
  await page.goto("/accounts");
  const actions = page.getByRole("button", { name: "Actions for viewer@outpost.demo" });
  await actions.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "Change role" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Disable" })).toBeVisible();
  await menu.getByRole("menuitem", { name: "Change role" }).click();
  const dialog = page.getByRole("dialog", { name: "Change role" });
  await expect(dialog.getByText("Choose the role of viewer@outpost.demo in this space.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("Export opens its dialog (loaded when first wanted) and downloads the accounts", async ({ page }) => {
  await signIn(page, "admin@outpost.demo");
  await page.goto("/accounts");
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Export accounts" });
  await expect(dialog).toBeVisible();
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Export", exact: true }).click();
  expect((await download).suggestedFilename()).toBe("accounts_export.csv");
  await expect(dialog).toHaveCount(0);
});
