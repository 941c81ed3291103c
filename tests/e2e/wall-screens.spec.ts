import { startLabRunner } from "./lab-runner.ts";
import { ARTIFACTS, KEEP_SCREENSHOTS, SCREENSHOT_SIZES, screenshot, signInToLab } from "./support.ts";
import { expect, test } from "./test.ts";

/**
 * The wall's screens in trouble end to end: a simulated agent whose display is black captures it
 * every 3 s; the room folds its state into the monitoring condition and the wall's Screens view
 * shows a tile with the last capture, the device, and the state in the health colours.
 */
test("a black display gets a tile with its last capture on the wall", async ({ page, request, baseURL }) => {
  test.setTimeout(60_000);
  const runner = await startLabRunner(request, baseURL ?? "", "E2E Wall Screen", [
    "--capture-interval",
    "3",
    "--screen",
    "black",
  ]);
  try {
    await expect
      .poll(
        async () => {
          const res = await request.get(`${runner.api}/wall/`, { headers: runner.auth });
          const body = (await res.json()) as { displays: { device_uuid: string; state: string }[] };
          return body.displays.find((d) => d.device_uuid === runner.uuid)?.state;
        },
        { timeout: 30_000 },
      )
      .toBe("black");
    await signInToLab(page);
    await page.goto("/wall?rotate=0&view=screens");
    // One tile per display: a simulated device may have a second screen (by its uuid, about 1 in
    // 6), black as well. The first one is the tile looked at.
    const tile = page.getByTestId("wall-screen").filter({ hasText: runner.name }).filter({ hasText: "HDMI-1@" });
    await expect(tile).toContainText("Black or blank");
    await expect(tile).toHaveAttribute("data-state", "black");
    await expect(tile.getByRole("img", { name: /Last capture of/ })).toBeVisible();
    // The wall has its own theme (?theme=light, dark by default): each size in both.
    for (const theme of KEEP_SCREENSHOTS ? ["dark", "light"] : []) {
      await page.goto(`/wall?rotate=0&view=screens&theme=${theme}`);
      await expect(tile.getByRole("img", { name: /Last capture of/ })).toBeVisible();
      for (const [width, height] of SCREENSHOT_SIZES) {
        await page.setViewportSize({ width, height });
        await screenshot(page, `${ARTIFACTS}/wall-screens-${width}-${theme}.png`, { settleMs: 250 });
      }
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  } finally {
    runner.stop();
  }
});
