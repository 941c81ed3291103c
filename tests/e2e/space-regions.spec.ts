import { mkdirSync } from "node:fs";
import { DEMO_SPACE_UUID } from "../../agent/sim/demo-data.ts";
import { bearer, KEEP_SCREENSHOTS, screenshot, signIn } from "./support.ts";
import { expect, type Page, test } from "./test.ts";

/**
 * A super admin chooses where a space's rooms are placed (Admin Panel > Spaces); the
 * region shows in the space switcher. Others see no Spaces tab. Screenshots at three sizes,
 * light and dark (SHOTS).
 */

const SHOTS = process.env.REGION_SHOTS ?? "/tmp/region-shots";
mkdirSync(SHOTS, { recursive: true });
const SUPER_ADMIN = "super-admin@outpost.demo";

async function shoot(page: Page, name: string) {
  if (!KEEP_SCREENSHOTS) return;
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
    for (const size of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
      { width: 1920, height: 1080 },
    ]) {
      await page.setViewportSize(size);
      await screenshot(page, `${SHOTS}/${name}-${size.width}-${theme}.png`, { settleMs: 300 });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("a super admin sets a space's region and the space switcher shows it", async ({ page, request }) => {
  test.setTimeout(120_000);
  const auth = await bearer(request, SUPER_ADMIN);
  const before = await (await request.get("/api/admin/space/items/", { headers: auth })).json();
  const demo = (before.spaces as { space_uuid: string; space_name: string; space_datacenter: string }[]).find(
    (s) => s.space_uuid === DEMO_SPACE_UUID,
  );
  if (!demo) throw new Error("the demo space is missing");
  try {
    await signIn(page, SUPER_ADMIN);
    await page.goto("/spaces");
    const table = page.getByRole("table", { name: "Spaces and their regions" });
    await expect(table).toBeVisible();
    const select = page.getByRole("combobox", { name: `Region of ${demo.space_name}` });
    await expect(select).toHaveValue(demo.space_datacenter);
    // The demo space has devices: the EU jurisdiction cannot be chosen.
    await expect(select.locator('option[value="eu"]')).toBeDisabled();
    await shoot(page, "spaces");

    await select.selectOption("weur");
    await expect(page.getByText(`${demo.space_name}: region set to Western Europe (weur)`)).toBeVisible();
    await expect(select).toHaveValue("weur");

    await page.getByRole("button", { name: "Account" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText("Western Europe (weur)").first()).toBeVisible();
    await shoot(page, "switcher");
    await page.keyboard.press("Escape");
  } finally {
    await request.patch(`/api/admin/space/${DEMO_SPACE_UUID}/region/`, {
      headers: auth,
      data: { space_datacenter: demo.space_datacenter },
    });
  }
});

test("a system developer has no Spaces tab, and /spaces tells them why", async ({ page }) => {
  await signIn(page, "sys-dev@outpost.demo");
  await page.goto("/spaces");
  await expect(page.getByRole("link", { name: "Runners" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Spaces" })).toHaveCount(0);
  await expect(page.getByText("Only super admins choose the regions of spaces.")).toBeVisible();
});
