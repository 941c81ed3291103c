import { signIn } from "./support.ts";
import { expect, test } from "./test.ts";

/**
 * A Viewer given a shared edit link gets the device's read-only view with the reason, never a
 * form whose Save fails; and no comment box, since the server refuses a Viewer's comment (403).
 */
test("a Viewer's edit link opens the read-only view, and no comment box is offered", async ({ page }) => {
  await signIn(page, "viewer@outpost.demo");
  await page.goto("/devices?view=table&search=PL%20Ticket%20Kiosk");
  await page.getByRole("table", { name: "Devices" }).getByText("PL Ticket Kiosk").click();
  await expect(page).toHaveURL(/\/devices\/device\/view\/[^/]+\/[^/]+\/general/);
  const editUrl = page.url().replace("/device/view/", "/device/edit/");

  await page.goto(editUrl);
  await expect(page).toHaveURL(/\/devices\/device\/view\//);
  await expect(page.getByText("Your role can view this device but not change it.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Name" })).toHaveCount(0);

  await expect(page.getByText("Your role can read comments but not add them.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "New comment" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Comment", exact: true })).toHaveCount(0);
});

test("an Admin's edit link opens the form, and the comment box is there", async ({ page }) => {
  await signIn(page);
  await page.goto("/devices?view=table&search=PL%20Ticket%20Kiosk");
  await page.getByRole("table", { name: "Devices" }).getByText("PL Ticket Kiosk").click();
  await expect(page.getByRole("textbox", { name: "New comment" })).toBeVisible();
  await page.goto(page.url().replace("/device/view/", "/device/edit/"));
  await expect(page).toHaveURL(/\/devices\/device\/edit\//);
  await expect(page.getByRole("heading", { name: "Edit device" })).toBeVisible();
});
