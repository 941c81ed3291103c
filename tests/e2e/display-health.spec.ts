import { LAB_SPACE_UUID } from "../../agent/sim/demo-data.ts";
import { startLabRunner } from "./lab-runner.ts";
import { screenshotSizes, signInToLab } from "./support.ts";
import { expect, test } from "./test.ts";

/**
 * Display health end to end: a simulated agent whose display is frozen captures it every 3 s; the
 * room files the captures, the Peripherals tab shows the display as Frozen (critical) with its
 * strip of captures, and a capture opens full size with its time and state.
 */
test("a frozen display shows as Frozen with its captures, each opening full size", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const runner = await startLabRunner(request, baseURL ?? "", "E2E Screens", [
    "--capture-interval",
    "3",
    "--screen",
    "frozen",
  ]);
  try {
    // Two captures of the same frame: frozen from the second on.
    await expect
      .poll(
        async () => {
          const res = await request.get(`${runner.api}/device/${runner.uuid}/display-captures`, {
            headers: runner.auth,
          });
          const body = (await res.json()) as { current: { state: string }[]; captures: unknown[] };
          return body.current[0]?.state;
        },
        { timeout: 30_000 },
      )
      .toBe("frozen");
    await signInToLab(page);
    await page.goto(`/devices/device/view/${LAB_SPACE_UUID}/${runner.uuid}/peripherals`);
    // The monitoring heading counts the frozen screen as critical; the health report shows its captures.
    await page.getByRole("link", { name: "Health report" }).click();
    const screens = page.getByTestId("report-screens");
    // A runner may report more than one display (each frozen here): the first strip is enough.
    const strip = screens.getByTestId("capture-strip").first();
    await expect(strip.locator("[data-display-health]")).toHaveText("Frozen");
    const thumb = strip.getByRole("button", { name: /Open the capture of/ }).first();
    await expect(thumb.locator("img")).toBeVisible();
    await strip.scrollIntoViewIfNeeded();
    await screenshotSizes(page, "display-health-strip");
    await thumb.click();
    const viewer = page.getByRole("dialog").filter({ has: page.getByRole("img", { name: /Capture of .* Frozen/ }) });
    await expect(viewer.getByRole("img", { name: /Capture of/ })).toBeVisible();
    await screenshotSizes(page, "display-health-capture");
  } finally {
    runner.stop();
  }
});
