import { ARTIFACTS, darkScreenshot, screenshot, setTheme, signIn } from "./support.ts";
import { expect, test } from "./test.ts";

/**
 * Phones: a device's selection box takes a finger within 44 px, and the bulk bar names every
 * action (Add tag and Remove tag, Enable and Disable look alike as icons).
 */
test.use({ viewport: { width: 390, height: 844 } });

test("on a phone, selection takes a finger and the bulk bar is labelled", async ({ page }) => {
  await signIn(page);
  await setTheme(page, "light");
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 5 });
  await page.goto("/devices");
  const box = page.getByRole("checkbox", { name: /^Select / }).first();
  await expect(box).toBeVisible();
  const drawn = await box.boundingBox();
  expect(drawn).not.toBeNull();
  if (!drawn) return;
  // A tap 11 px beside the drawn 18 px box still selects.
  await page.mouse.click(drawn.x + drawn.width + 11, drawn.y + drawn.height / 2);
  await expect(box).toBeChecked();

  const bar = page.getByRole("region", { name: "Bulk actions" });
  for (const label of ["Reboot", "Enable", "Disable", "Add tag", "Remove tag", "Move to location", "Archive"]) {
    const button = bar.getByRole("button", { name: label, exact: true });
    await expect(button).toBeVisible();
    await expect(button).toContainText(label);
    expect((await button.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  }
  await screenshot(page, `${ARTIFACTS}/phone-bulk-bar.png`);
  await darkScreenshot(page, "phone-bulk-bar-dark", 250);
});

test("on a phone, Performance folds its 15 count tiles so the list starts on the first screen", async ({ page }) => {
  await signIn(page);
  await page.goto("/performance");
  const summary = page.getByTestId("count-tiles-summary");
  await expect(summary).toBeVisible();
  await expect(summary).toContainText(/\d+ warnings?/);
  await expect(page.getByTestId("tile-cpu")).toHaveCount(0);
  const card = page.getByTestId("monitoring-card").first();
  await expect(card).toBeVisible();
  expect((await card.boundingBox())?.y ?? 9999).toBeLessThan(844);
  await screenshot(page, `${ARTIFACTS}/phone-performance.png`);
  await summary.click();
  await expect(page.getByTestId("tile-cpu")).toBeVisible();
  await page.getByRole("button", { name: "Hide counts" }).click();
  await expect(page.getByTestId("count-tiles-summary")).toBeVisible();
});
