import { ARTIFACTS, screenshot, signIn } from "./support.ts";
import { expect, test } from "./test.ts";

test("an Admin creates a wall display link and an API token, sees each secret once, and revokes the link", async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  await signIn(page, "admin@outpost.demo");
  await page.getByRole("link", { name: "Accounts" }).click();
  await page.getByRole("link", { name: "Display links & API tokens" }).click();
  await expect(page).toHaveURL(/\/access$/);
  await expect(page.getByRole("heading", { name: "Display links & API tokens" })).toBeVisible();

  // A display link: the secret is shown once, as the address the wall opens.
  const links = page.getByRole("region", { name: "Wall display links" });
  await links.getByRole("button", { name: "New display link" }).click();
  const form = page.getByRole("dialog", { name: "New wall display link" });
  await form.getByLabel("Name").fill(`NOC wall ${stamp}`);
  await form.getByRole("button", { name: "Create" }).click();
  const shown = page.getByRole("dialog", { name: "Display link created" });
  const address = await shown.getByLabel("Open this address on the wall screen").inputValue();
  expect(address).toMatch(/\/wall\?display=owd_[A-Za-z0-9_-]{43}$/);
  await screenshot(page, `${ARTIFACTS}/access-secret.png`);
  await shown.getByRole("button", { name: "I have copied it" }).click();
  const row = links.getByRole("row").filter({ hasText: `NOC wall ${stamp}` });
  await expect(row).toContainText("Active");
  await expect(row).toContainText("Whole space");
  await expect(row).toContainText("Never");

  // The secret works as a bearer, read-only; the list never shows it again.
  const secret = decodeURIComponent(address.split("display=")[1]);
  const self = await request.get("/api/credential/self/", { headers: { Authorization: `Bearer ${secret}` } });
  expect(self.status()).toBe(200);
  await page.reload();
  await expect(row).toContainText(/\d{2}:\d{2}:\d{2}/); // last used, now
  await expect(page.getByText(secret.slice(4))).toHaveCount(0);

  // An operator API token.
  const tokens = page.getByRole("region", { name: "API tokens" });
  await tokens.getByRole("button", { name: "New API token" }).click();
  const tokenForm = page.getByRole("dialog", { name: "New API token" });
  await tokenForm.getByLabel("Name").fill(`CI ${stamp}`);
  await tokenForm.getByLabel("Scope").selectOption("operator");
  await tokenForm.getByRole("button", { name: "Create" }).click();
  const token = page.getByRole("dialog", { name: "API token created" });
  await expect(token.getByLabel("The token")).toHaveValue(/^ost_[A-Za-z0-9_-]{43}$/);
  await token.getByRole("button", { name: "I have copied it" }).click();
  await expect(tokens.getByRole("row").filter({ hasText: `CI ${stamp}` })).toContainText("Operator");
  await screenshot(page, `${ARTIFACTS}/access-page.png`, { fullPage: true });

  // Revoking asks first, then the link stops working.
  await row.getByRole("button", { name: `Revoke NOC wall ${stamp}` }).click();
  const confirm = page.getByRole("alertdialog", { name: `Revoke “NOC wall ${stamp}”?` });
  await expect(confirm).toContainText("shows that the link was revoked");
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText(`“NOC wall ${stamp}” was revoked.`)).toBeVisible();
  await expect(row).toContainText("Revoked");
  const refused = await request.get("/api/credential/self/", { headers: { Authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).message).toBe("This display link was revoked.");
});
