import { locationUuid } from "../../agent/sim/demo-data.ts";
import { signIn } from "./support.ts";
import { expect, test } from "./test.ts";

test("one click on Invite users sends what was typed, and the role starts as Viewer", async ({ page }) => {
  const stamp = Date.now().toString(36);
  const first = `one.${stamp}@example.com`;
  const second = `click.${stamp}@example.com`;
  await signIn(page, "admin@outpost.demo");
  await page.goto("/accounts/inviteUser");
  const sheet = page.getByRole("dialog", { name: "Invite users" });
  // Left alone, the role is the least privileged one.
  await expect(sheet.getByLabel("Role")).toHaveValue(/.+/);
  expect(await sheet.getByLabel("Role").evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text)).toBe("Viewer");
  // Typed as a person types it: the first address becomes a chip, the second is still text when the button is pressed.
  await sheet.getByLabel("Emails (row 1)").pressSequentially(`${first}, ${second}`);
  await expect(sheet.getByTestId("email-chip")).toHaveText([first]);
  await sheet.getByRole("button", { name: "Invite users" }).click();
  await expect(page.getByText("User has been invited successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/accounts$/);
  await page.getByLabel("Search by email or display name").fill(stamp);
  const table = page.getByRole("region", { name: "Accounts" }).getByRole("table");
  for (const email of [first, second]) {
    const row = table.getByRole("row").filter({ hasText: email });
    await expect(row).toContainText("Invited");
    await expect(row).toContainText("Viewer");
  }
});

test("sign-in: Tab goes from the e-mail to the password, then to Sign in", async ({ page }) => {
  await page.goto("/login");
  const email = page.getByLabel("Email");
  await expect(email).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeFocused();
  // The reset link is still there, after the button.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Forgot password?" })).toBeFocused();
});

test("switching space drops the old space's filters from the address", async ({ page }) => {
  await signIn(page);
  const zagreb = locationUuid("zagreb_hq");
  await page.goto(`/devices?location_uuid=${zagreb}&online=true`);
  await expect(page).toHaveURL(new RegExp(`location_uuid=${zagreb}`));
  await page.getByRole("button", { name: "Account" }).click();
  await page.getByRole("dialog").getByText("Outpost Lab").click();
  await expect(page).toHaveURL(/\/devices$/);
  await expect(page.getByText("Outpost Lab").first()).toBeVisible();
  // The lab's devices, not an empty list filtered by the demo space's location.
  await expect(page.locator('ul[aria-label="Devices"] > li').first()).toBeVisible();
});
