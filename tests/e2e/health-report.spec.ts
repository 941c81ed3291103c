import { LAB_SPACE_UUID } from "../../agent/sim/demo-data.ts";
import { startLabRunner } from "./lab-runner.ts";
import { ARTIFACTS, KEEP_SCREENSHOTS, screenshot, signInToLab } from "./support.ts";
import { expect, type Locator, type Page, test } from "./test.ts";

/**
 * An operator opens a device's health report from its flyout (Asset Info → Monitoring), reads
 * the sections a real simulated agent reported, presses Refresh Data and sees the last check
 * move without a reload, reads the charts for 1 h (raw minutes) and 7 d (15-minute rollups of
 * the same samples), then sees the offline banner once the agent stops.
 */
/** The theme as the top bar's toggle sets it (the toggle sits behind the open flyout's overlay). */
async function setTheme(page: Page, theme: "light" | "dark") {
  await page.evaluate((next) => {
    document.documentElement.classList.toggle("dark", next === "dark");
    document.documentElement.style.colorScheme = next;
  }, theme);
}

const points = async (chart: Locator) => Number((await chart.getAttribute("data-points")) ?? "0");

/** Screenshots at three sizes, light and dark; `at` is scrolled to the top of the flyout first. */
async function shoot(page: Page, name: string, at?: Locator) {
  if (!KEEP_SCREENSHOTS) return;
  for (const [w, h] of [
    [1440, 900],
    [390, 844],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    for (const theme of ["light", "dark"] as const) {
      await setTheme(page, theme);
      if (at) await at.evaluate((el) => el.scrollIntoView({ block: "start" }));
      await screenshot(page, `${ARTIFACTS}/${name}-${w}x${h}-${theme}.png`, { settleMs: 300 });
    }
  }
  await setTheme(page, "light");
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("the health report shows a real agent's health, refreshes it live and charts it", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const runner = await startLabRunner(request, baseURL ?? "", "E2E Health Runner");
  const { api, auth } = runner;
  let stopped = false;
  try {
    // A few reports a couple of seconds apart: network rates need two of them.
    for (let i = 0; i < 3; i++) {
      const refresh = await request.post(`${api}/device/${runner.uuid}/services-telemetry-refresh/`, { headers: auth });
      expect(refresh.status()).toBe(204);
      await page.waitForTimeout(1_500);
    }

    await signInToLab(page);

    // The device flyout: Asset Info → Monitoring shows the same sections and links to the report.
    await page.goto(`/devices/device/view/${LAB_SPACE_UUID}/${runner.uuid}/assetInfo`);
    const flyout = page.getByRole("dialog");
    await flyout
      .getByRole("navigation", { name: "Asset info sections" })
      .getByRole("button", { name: "Monitoring" })
      .click();
    await expect(flyout.getByTestId("report-cpu")).toContainText(/\d+\.\d{2} \(\d+%\)/);
    await screenshot(page, `${ARTIFACTS}/health-asset-monitoring-1440x900-light.png`);
    await flyout.getByRole("link", { name: "Open health report" }).click();
    await expect(page).toHaveURL(new RegExp(`/performance/device/view/${LAB_SPACE_UUID}/${runner.uuid}/general$`));

    const report = page.getByRole("dialog");
    await expect(report.getByRole("heading", { name: runner.name })).toBeVisible();
    await expect(report.getByTestId("report-worst")).toContainText(/Healthy|Warning|Critical/);
    // Sections with values in the spec's formats.
    await expect(report.getByTestId("report-cpu")).toContainText(/\d+\.\d{2} \(\d+%\) · \d+\.\d{2} \(\d+%\)/);
    await expect(report.getByTestId("report-cpu")).toContainText(/\d+ \/ \d+/);
    await expect(report.getByTestId("report-uptime")).toContainText(/\d{2,}:\d{2}:\d{2}/);
    // Past 24 h the same span in days shows in a tooltip.
    const sinceBoot = (await report.getByTestId("report-uptime").textContent()) ?? "";
    const hours = Number(/(\d{2,}):\d{2}:\d{2}/.exec(sinceBoot)?.[1] ?? "0");
    if (hours >= 24) {
      await report
        .getByTestId("report-uptime")
        .getByText(/^\d{2,}:\d{2}:\d{2}$/)
        .first()
        .hover();
      await expect(page.getByRole("tooltip")).toHaveText(
        new RegExp(`^${Math.floor(hours / 24)} d \\d{2}:\\d{2}:\\d{2}$`),
      );
      await page.mouse.move(0, 0);
    }
    await expect(report.getByTestId("report-memory")).toContainText(/\d+\.\d{2} \/ \d+\.\d{2} GB \(\d+%\)/);
    await expect(report.getByTestId("report-disk")).toContainText(/\d+\.\d{2} \/ \d+\.\d{2} GB · \d+% used/);
    await expect(report.getByTestId("report-network")).toContainText(/[↓] \d+\.\d{2} (KB|MB|GB)/);
    await expect(report.getByTestId("report-peripherals")).toContainText("Bill acceptor");
    for (const id of ["report-cpu", "report-uptime", "report-memory", "report-disk", "report-network", "report-gpu"])
      await expect(report.getByTestId(id)).not.toContainText("No data");

    // Refresh Data: the agent reports, the sample arrives on the device room, the last check moves.
    const lastCheck = report.getByTestId("last-check");
    await expect(lastCheck).toHaveText(/^Last check \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2}$/);
    const before = await lastCheck.textContent();
    await page.waitForTimeout(1_100);
    const refresh = report.getByRole("button", { name: "Refresh Data" });
    await refresh.click();
    await expect(page.getByText("Fresh data received.")).toBeVisible();
    await expect(lastCheck).not.toHaveText(before ?? "");

    // 1 h: the room's one-minute points.
    const cpuChart = report.getByTestId("chart-cpu_load");
    await expect(cpuChart).toHaveAttribute("data-resolution", "1m");
    await expect.poll(() => points(cpuChart)).toBeGreaterThan(0);
    // Drawn: a line through the points, or the dot of a lone one.
    await expect(cpuChart.locator(".recharts-line-curve, .recharts-line-dot").first()).toBeAttached();
    await expect(report.getByTestId("chart-memory")).toHaveAttribute("data-points", /^[1-9]/);
    await expect(report.getByTestId("chart-disk")).toHaveAttribute("data-points", /^[1-9]/);
    await expect(report.getByTestId("chart-network")).toHaveAttribute("data-points", /^[1-9]/);

    // Screenshots and the 7 d view first, then the live tail.
    await shoot(page, "health-report");
    await shoot(page, "health-report-charts-1h", report.getByRole("heading", { name: "History" }));

    // 7 d: the same samples as 15-minute rollups (with their min–max).
    const range = report.getByRole("radiogroup", { name: "Time range" });
    await range.getByRole("radio", { name: "7 d" }).click();
    await expect(cpuChart).toHaveAttribute("data-resolution", "15m");
    await expect.poll(() => points(cpuChart)).toBeGreaterThan(0);
    await expect(cpuChart.locator(".recharts-area").first()).toBeAttached();
    await shoot(page, "health-report-charts-7d", report.getByRole("heading", { name: "History" }));
    await range.getByRole("radio", { name: "1 h" }).click();
    await expect(cpuChart).toHaveAttribute("data-resolution", "1m");
    await expect.poll(() => points(cpuChart)).toBeGreaterThan(0);

    // The live tail: a report reaches the 1 h chart without a refetch. In a later minute than the
    // newest point it adds one; in the same minute it replaces that minute's (one point a minute,
    // as the room keeps them; both cases in charts/live-tail.test.ts). Which one this run sees
    // depends on the clock, not on waiting for the next minute.
    let seriesFetches = 0;
    page.on("request", (req) => {
      if (req.url().includes("/telemetry/?metric=")) seriesFetches++;
    });
    const latest = async () => Number((await cpuChart.getAttribute("data-latest")) ?? "0");
    const minuteOf = (t: number) => Math.floor(t / 60_000);
    const shown = await points(cpuChart);
    const newest = await latest();
    expect(newest).toBeGreaterThan(0);
    await report.getByRole("button", { name: "Refresh Data" }).click();
    await expect.poll(latest).toBeGreaterThan(newest);
    const added = minuteOf(await latest()) > minuteOf(newest) ? 1 : 0;
    await expect.poll(() => points(cpuChart)).toBe(shown + added);
    await expect(cpuChart.locator(".recharts-line-curve, .recharts-line-dot").first()).toBeAttached();
    expect(seriesFetches).toBe(0);

    // The agent stops: the banner says the device is offline and offers no Refresh Data.
    runner.stop();
    stopped = true;
    await expect(report.getByText("This device is offline. Turn it on first to refresh its data.")).toBeVisible({
      timeout: 30_000,
    });
    await expect(report.getByRole("button", { name: "Refresh Data" })).toHaveCount(0);
    await report.getByTestId("report-banner").evaluate((el) => el.scrollIntoView({ block: "start" }));
    await screenshot(page, `${ARTIFACTS}/health-report-offline-1440x900-light.png`);
  } finally {
    if (!stopped) runner.stop();
  }
});
