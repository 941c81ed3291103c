import { ARTIFACTS, screenshot, signIn } from "./support.ts";
import { expect, test } from "./test.ts";

/**
 * The account dialog's language: Croatian loads whole in a chunk of its own and falls back to English
 * key by key, while English itself loads in parts with the pages that use them. Walking the pages
 * that load other parts (a device's flyout, locations, monitoring) in Croatian and back must show
 * no text whose part is not loaded (the `allTextsLoaded` fixture fails on one), and the choice is
 * kept across a reload.
 */
test("the language is chosen in the account dialog, kept across a reload, and every page reads it", async ({
  page,
}) => {
  await signIn(page);
  await expect(page.getByRole("heading", { name: "Devices", level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "Account" }).click();
  await page.getByRole("dialog").getByLabel("Language").selectOption("hr");
  await expect(page.getByRole("dialog").getByText("Jezik")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("heading", { name: "Uređaji", level: 1 })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "hr");

  // A device's flyout (its own English part, Croatian where translated).
  await page
    .getByRole("link", { name: /PL Ticket Kiosk/ })
    .first()
    .click();
  const flyout = page.getByRole("dialog");
  await expect(flyout.getByRole("heading", { name: "PL Ticket Kiosk" })).toBeVisible();
  await expect(flyout.getByRole("link", { name: "Općenito" })).toBeVisible();
  await expect(flyout.getByRole("link", { name: "Postavke" })).toBeVisible();
  await screenshot(page, `${ARTIFACTS}/language-hr-device-1440x900.png`);
  await page.getByRole("button", { name: "Zatvori" }).click();
  await expect(page).toHaveURL(/\/devices$/);

  await page.reload();
  await expect(page.getByRole("heading", { name: "Uređaji", level: 1 })).toBeVisible();
  for (const path of ["/locations", "/groups", "/accounts", "/activity", "/performance"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "hr");
  }

  // Back to English: the texts of the parts loaded so far, in English again.
  await page.goto("/devices");
  await page.getByRole("button", { name: /Account|Račun/ }).click();
  await page.getByRole("dialog").getByLabel("Jezik").selectOption("en");
  await expect(page.getByRole("dialog").getByText("Language")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("heading", { name: "Devices", level: 1 })).toBeVisible();
});
