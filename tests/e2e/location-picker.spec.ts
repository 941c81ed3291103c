import { signIn } from "./support.ts";
import { expect, test } from "./test.ts";

/**
 * Location pickers search on the server as the user types, so a space with thousands of
 * locations is as reachable as one with ten (one page of 500 used to be all a picker knew).
 * "Wien" is only Vienna Expo Hall's city, not in its name: a list filtered in the browser by
 * name cannot find it, the server's search (name, display id, city, address) does.
 */
test("the device list's location filter searches on the server and keeps the choice's name", async ({ page }) => {
  await signIn(page);
  await page.goto("/devices?view=table");
  const filter = page.getByRole("combobox", { name: "Location", exact: true });
  await expect(filter).toBeVisible();
  await filter.click();
  const search = page.waitForRequest((r) => /\/location\/items\/\?.*search=Wien/.test(r.url()));
  await page.getByRole("combobox", { name: "Search" }).fill("Wien");
  await search;
  const listbox = page.getByRole("listbox");
  await expect(listbox.getByRole("option", { name: "Vienna Expo Hall" })).toBeVisible();
  await expect(listbox.getByRole("option", { name: "Zagreb HQ" })).toHaveCount(0);
  await listbox.getByRole("option", { name: "Vienna Expo Hall" }).click();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/location_uuid=/);

  // After a reload the picker has not searched for it: the chosen location's name is read on its own.
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Location", exact: true })).toHaveText("Vienna Expo Hall");
});
