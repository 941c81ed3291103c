import { signIn } from "./support.ts";
import { expect, type Page, test } from "./test.ts";

async function choose(page: Page, field: string, text: string) {
  await page.getByRole("combobox", { name: field, exact: true }).click();
  await page.getByRole("combobox", { name: "Search" }).fill(text);
  await page.getByRole("combobox", { name: "Search" }).press("Enter");
  await expect(page.getByRole("combobox", { name: "Search" })).toHaveCount(0);
}

/**
 * The time zone follows the chosen country where it has one obvious zone (Austria: Vienna),
 * follows it again to the next country, stays when the country spans several (Spain), and a
 * zone the user picked by hand is never overwritten.
 */
test("the location form's time zone follows the country", async ({ page }) => {
  await signIn(page);
  await page.goto("/locations/addLocation");
  const dialog = page.getByRole("dialog");
  const timezone = dialog.getByRole("combobox", { name: "Timezone", exact: true });
  await expect(timezone).toBeVisible();

  await choose(page, "Country", "Austria");
  await expect(timezone).toHaveText("Europe/Vienna");
  await choose(page, "Country", "Japan");
  await expect(timezone).toHaveText("Asia/Tokyo");
  await choose(page, "Country", "Spain");
  await expect(timezone).toHaveText("Asia/Tokyo");

  await choose(page, "Timezone", "America/Lima");
  await choose(page, "Country", "Austria");
  await expect(timezone).toHaveText("America/Lima");
});
