import { signIn } from "./support.ts";
import { expect, test } from "./test.ts";

/**
 * A display link narrowed to a group or a location: each group offered says how many locations
 * and devices it covers (console.md: a group picker's items carry both counts), and the location
 * is searched on the server as it is typed.
 */
test("a display link's group choices carry their counts, and its location is searched", async ({ page }) => {
  await signIn(page, "admin@outpost.demo");
  await page.goto("/access");
  await page
    .getByRole("region", { name: "Wall display links" })
    .getByRole("button", { name: "New display link" })
    .click();
  const form = page.getByRole("dialog", { name: "New wall display link" });

  await form.getByLabel("Shows").selectOption({ label: "Location group" });
  const group = form.getByLabel("Location group");
  await expect(group.locator("option", { hasText: /^Retail Pilot · \d+ locations? · \d+ devices?$/ })).toHaveCount(1);

  await form.getByLabel("Shows").selectOption({ label: "Location" });
  await form.getByRole("combobox", { name: "Location" }).click();
  await page.getByRole("combobox", { name: "Search" }).fill("Riva");
  await expect(page.getByRole("option", { name: "Split Riva Shop" })).toBeVisible();
  await page.getByRole("combobox", { name: "Search" }).press("Enter");
  await expect(form.getByRole("combobox", { name: "Location" })).toHaveText("Split Riva Shop");
});
