import { LAB_SPACE_UUID } from "../../agent/sim/demo-data.ts";
import { startLabRunner } from "./lab-runner.ts";
import { ARTIFACTS, darkScreenshot, screenshot, signInToLab } from "./support.ts";
import { expect, type Page, test } from "./test.ts";

/**
 * The browser terminal, end to end: the console's xterm.js ⇄ the device room ⇄ a
 * simulated agent's real PTY (a restricted bash in a scratch directory) and back.
 */

const terminalDialog = (page: Page) => page.getByRole("dialog", { name: /^Terminal · / });

async function openTerminal(page: Page) {
  await page.getByRole("button", { name: "Open Terminal" }).click();
  const dialog = terminalDialog(page);
  await expect(dialog.getByTestId("terminal-status")).toHaveText("Connected", { timeout: 20_000 });
  return dialog;
}

test("a Content Manager/Admin opens a terminal on a connected device and runs a command", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const runner = await startLabRunner(request, baseURL ?? "", "E2E Terminal Runner");
  try {
    await signInToLab(page);
    await page.goto(`/devices/device/view/${LAB_SPACE_UUID}/${runner.uuid}/settings`);
    await expect(page.getByRole("heading", { name: runner.name })).toBeVisible();
    await expect(page.getByRole("button", { name: "Open Terminal" })).toBeVisible();
    await screenshot(page, `${ARTIFACTS}/terminal-settings-row.png`);

    const dialog = await openTerminal(page);
    const rows = dialog.locator(".xterm-rows");
    await expect(rows).toContainText("simulated:");
    await dialog.locator(".xterm").click();
    await page.keyboard.type("echo outpost-$((6*7))");
    await page.keyboard.press("Enter");
    await expect(rows).toContainText("outpost-42");

    // Flow control end to end: about 2.3 MB of output, nine times the credit window, only gets
    // through when the page credits what xterm has written.
    const started = Date.now();
    await page.keyboard.type("seq 1 300000; echo done-$((1+1))");
    await page.keyboard.press("Enter");
    await expect(rows).toContainText("done-2", { timeout: 60_000 });
    const seconds = (Date.now() - started) / 1000;
    console.log(`terminal: seq 1 300000 (2.29 MB) shown in ${seconds.toFixed(1)} s`);
    await page.keyboard.type("clear");
    await page.keyboard.press("Enter");
    await page.keyboard.type("echo outpost-$((6*7))");
    await page.keyboard.press("Enter");
    await expect(rows).toContainText("outpost-42");

    // Keystroke echo through the room (a rough figure: the key goes through the DevTools protocol).
    await page.keyboard.type(": ");
    const echo: number[] = [];
    for (let i = 1; i <= 20; i++) {
      const pressed = Date.now();
      await page.keyboard.press("z");
      await page.waitForFunction(
        (n) => (document.querySelector(".xterm-rows")?.textContent?.match(/z/g)?.length ?? 0) >= n,
        i,
        { polling: "raf" },
      );
      echo.push(Date.now() - pressed);
    }
    echo.sort((a, b) => a - b);
    console.log(`terminal: keystroke echo p50 ${echo[9]} ms, p95 ${echo[18]} ms (20 keys)`);
    await page.keyboard.press("Enter");

    await screenshot(page, `${ARTIFACTS}/terminal-1440-light.png`);
    await darkScreenshot(page, "terminal-1440-dark", 300);

    // Closing the dialog ends the session; a new one starts clean.
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(terminalDialog(page)).toHaveCount(0);

    await page.setViewportSize({ width: 390, height: 844 });
    const phone = await openTerminal(page);
    await phone.locator(".xterm").click();
    await page.keyboard.type("uname -s");
    await page.keyboard.press("Enter");
    await expect(phone.locator(".xterm-rows")).toContainText("Linux");

    // A touch screen gets the keys its keyboard lacks: ↑ recalls the last command, Ctrl then c interrupts.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 5 });
    const keys = phone.getByTestId("terminal-extra-keys");
    await expect(keys).toBeVisible();
    for (const box of await keys.getByRole("button").all()) {
      expect((await box.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    await keys.getByRole("button", { name: "Up" }).click();
    await page.keyboard.press("Enter");
    await expect
      .poll(async () => ((await phone.locator(".xterm-rows").textContent()) ?? "").split("Linux").length - 1)
      .toBe(2);
    await page.keyboard.type("sleep 5");
    await keys.getByRole("button", { name: "Ctrl" }).click();
    await expect(keys.getByRole("button", { name: "Ctrl" })).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("c");
    await expect(phone.locator(".xterm-rows")).toContainText("^C");
    await expect(keys.getByRole("button", { name: "Ctrl" })).toHaveAttribute("aria-pressed", "false");
    await screenshot(page, `${ARTIFACTS}/terminal-390-light.png`);
    await darkScreenshot(page, "terminal-390-dark", 300);
    await phone.getByRole("button", { name: "Close" }).click();
    await expect(terminalDialog(page)).toHaveCount(0);
  } finally {
    runner.stop();
  }
});
