import { ARTIFACTS, screenshot } from "./support.ts";
import { expect, test } from "./test.ts";

const ADMIN = { email: "admin@outpost.demo", password: "outpost-demo" };

test("a demo admin signs in, lands on /devices, switches theme and signs out", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/login/);
  await screenshot(page, `${ARTIFACTS}/login.png`);

  // A wrong password shows the server's message and keeps the user on the login page.
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Invalid email or password.")).toBeVisible();

  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/devices$/);
  await expect(page.getByText("Outpost Demo").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Accounts" })).toBeVisible();
  await screenshot(page, `${ARTIFACTS}/devices-shell.png`);

  // Theme toggle flips the class on <html> and is remembered across reloads.
  const html = page.locator("html");
  const wasDark = ((await html.getAttribute("class")) ?? "").includes("dark");
  await page.getByRole("button", { name: "Toggle theme" }).click();
  if (wasDark) await expect(html).not.toHaveClass(/dark/);
  else await expect(html).toHaveClass(/dark/);
  await page.reload();
  await expect(page).toHaveURL(/\/devices$/);
  if (wasDark) await expect(html).not.toHaveClass(/dark/);
  else await expect(html).toHaveClass(/dark/);
  await screenshot(page, `${ARTIFACTS}/devices-shell-${wasDark ? "light" : "dark"}.png`);

  // The account modal lists the user's spaces and signs out.
  await page.getByRole("button", { name: "Account" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.getByRole("dialog").getByText("Outpost Lab")).toBeVisible();
  await screenshot(page, `${ARTIFACTS}/account-modal.png`);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem("outpost.session"))).toBeNull();

  // Signed out for real: a protected route sends us back to /login.
  await page.goto("/accounts");
  await expect(page).toHaveURL(/\/login/);
});

test("the Admin Panel entry is shown to super admins only", async ({ page }) => {
  for (const [email, visible] of [
    ["viewer@outpost.demo", false],
    ["super-admin@outpost.demo", true],
  ] as const) {
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/devices$/);
    await expect(page.getByRole("link", { name: "Admin Panel" })).toHaveCount(visible ? 1 : 0);
    await page.getByRole("button", { name: "Account" }).click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login/);
  }
});
