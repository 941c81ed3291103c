import { spawnSync } from "node:child_process";
import { LAB_SPACE_UUID } from "../../agent/sim/demo-data.ts";
import { type HeadlessDesktop, startHeadlessDesktop, which } from "../../agent/tunnel/headless-vnc.ts";
import { aptInstall } from "../../scripts/ensure-chromium.ts";
import { type LabRunner, startLabRunner } from "./lab-runner.ts";
import { ARTIFACTS, darkScreenshot, screenshot, signInToLab } from "./support.ts";
import { expect, type Locator, type Page, test } from "./test.ts";

/**
 * Remote desktop in the browser, end to end: a real X screen (Xvfb) painted with a
 * test pattern and served by x11vnc on loopback ⇄ a simulated agent relaying it (--vnc-port) ⇄
 * the device room ⇄ noVNC in Chromium, whose canvas must show the pattern.
 */

/** Debian packages the test needs, by the command each provides. */
const TOOLS: Record<string, string> = { Xvfb: "xvfb", x11vnc: "x11vnc", xsetroot: "x11-xserver-utils" };
/** xsetroot's plaid: these two colours, alternating every 8 pixels. */
const FG = [0xe4, 0x57, 0x2e];
const BG = [0x1f, 0x8a, 0x70];
const hex = (rgb: number[]) => `#${rgb.map((c) => c.toString(16).padStart(2, "0")).join("")}`;

/** Installs what is missing with apt-get; the reason when that is impossible. */
function ensureTools(): string | null {
  const missing = Object.keys(TOOLS).filter((tool) => !which(tool));
  if (!missing.length) return null;
  if (!which("apt-get")) return `${missing.join(", ")} missing and no apt-get to install them`;
  try {
    aptInstall([...new Set(missing.map((tool) => TOOLS[tool]))]);
  } catch (error) {
    return `apt-get could not install ${missing.join(", ")}: ${error instanceof Error ? error.message : error}`;
  }
  const still = Object.keys(TOOLS).filter((tool) => !which(tool));
  return still.length ? `${still.join(", ")} still missing after apt-get` : null;
}

const desktopDialog = (page: Page) => page.getByRole("dialog", { name: /^Remote Desktop · / });

/** The canvas's colours: how many distinct ones (sampled) and whether the pattern's two are among them. */
function canvasColours(screen: Locator, fg: number[], bg: number[]) {
  return screen.evaluate(
    (element, [fg, bg]) => {
      const canvas = element.querySelector("canvas");
      if (!canvas || canvas.width === 0) return { width: 0, distinct: 0, fg: false, bg: false };
      const ctx = canvas.getContext("2d");
      if (!ctx) return { width: canvas.width, distinct: 0, fg: false, bg: false };
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      const seen = new Set<number>();
      const near = (i: number, c: number[]) =>
        Math.abs(data[i] - c[0]) < 8 && Math.abs(data[i + 1] - c[1]) < 8 && Math.abs(data[i + 2] - c[2]) < 8;
      let hasFg = false;
      let hasBg = false;
      for (let i = 0; i < data.length; i += 4 * 7) {
        seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
        hasFg ||= near(i, fg);
        hasBg ||= near(i, bg);
      }
      return { width: canvas.width, distinct: seen.size, fg: hasFg, bg: hasBg };
    },
    [fg, bg],
  );
}

let desktop: HeadlessDesktop | null = null;

test.beforeAll(() => {
  test.setTimeout(300_000);
  const missing = ensureTools();
  test.skip(missing !== null, `Remote desktop e2e skipped: ${missing}`);
});

test.beforeAll(async () => {
  desktop = await startHeadlessDesktop({ width: 1024, height: 640 });
  const plaid = ["-mod", "8", "8", "-fg", hex(FG), "-bg", hex(BG)];
  const painted = spawnSync("xsetroot", ["-display", desktop.display, ...plaid]);
  expect(painted.status, String(painted.stderr)).toBe(0);
});

test.afterAll(() => {
  desktop?.stop();
});

/** Opens the viewer and waits for the pattern; notes how long that took (click → both colours on the canvas). */
async function openDesktop(page: Page) {
  const started = Date.now();
  // The Settings tab's row (the header's device toolbar has the same action).
  await page.getByRole("region", { name: "Remote access" }).getByRole("button", { name: "Remote Desktop" }).click();
  const dialog = desktopDialog(page);
  await expect(dialog.getByTestId("desktop-status")).toContainText("Connected", { timeout: 30_000 });
  const screen = dialog.getByTestId("desktop-screen");
  // Not blank: the pattern's two colours are drawn.
  await expect
    .poll(() => canvasColours(screen, FG, BG), { timeout: 15_000 })
    .toMatchObject({ width: 1024, fg: true, bg: true });
  const viewport = page.viewportSize();
  const description = `${viewport?.width}×${viewport?.height}: first picture ${Date.now() - started} ms after the click`;
  test.info().annotations.push({ type: "remote desktop", description });
  console.log(`remote desktop ${description}`);
  return dialog;
}

test("Remote Desktop shows the device's screen in the browser through the device room", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  if (!desktop) throw new Error("no desktop");
  const port = String(desktop.port);
  const runner = await startLabRunner(request, baseURL ?? "", "E2E Desktop Runner", ["--vnc-port", port]);
  try {
    await showDesktop(page, runner);
    // The sessions were recorded: the last one plays back as frames in the browser.
    let session = "";
    await expect
      .poll(async () => {
        const res = await request.get(`${runner.api}/recording/items/`, {
          headers: runner.auth,
          params: { device_uuid: runner.uuid },
        });
        const items = (await res.json()).items as { session: string; kind: string; bytes: number }[];
        session = items.find((i) => i.kind === "vnc" && i.bytes > 0)?.session ?? "";
        return session;
      })
      .not.toBe("");
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/devices/device/view/${LAB_SPACE_UUID}/${runner.uuid}/recording/${session}`);
    await expect
      .poll(async () => (await canvasColours(page.getByTestId("recording-desktop"), FG, BG)).distinct, {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(2);
    await screenshot(page, `${ARTIFACTS}/recording-desktop-1440-light.png`);
  } finally {
    runner.stop();
  }
});

async function showDesktop(page: Page, runner: LabRunner) {
  await signInToLab(page);
  await page.goto(`/devices/device/view/${LAB_SPACE_UUID}/${runner.uuid}/settings`);
  await expect(page.getByRole("heading", { name: runner.name })).toBeVisible();

  const dialog = await openDesktop(page);
  const colours = await canvasColours(dialog.getByTestId("desktop-screen"), FG, BG);
  expect(colours.distinct).toBeGreaterThanOrEqual(2);
  await expect(dialog.getByRole("button", { name: "Ctrl+Alt+Del" })).toBeEnabled();

  // Scale to fit (on): the whole screen inside the viewer; off: the screen's own 1024 px, scrolled.
  const canvas = dialog.locator("canvas");
  const fitButton = dialog.getByRole("button", { name: "Scale to fit" });
  const frame = await dialog.getByTestId("desktop-screen").boundingBox();
  const fitted = await canvas.boundingBox();
  expect(fitted && frame && fitted.width <= frame.width + 1 && fitted.height <= frame.height + 1).toBe(true);
  await fitButton.click();
  await expect(fitButton).toHaveAttribute("aria-pressed", "false");
  await expect.poll(async () => Math.round((await canvas.boundingBox())?.width ?? 0)).toBe(1024);
  await fitButton.click();
  await expect(fitButton).toHaveAttribute("aria-pressed", "true");
  await screenshot(page, `${ARTIFACTS}/remote-desktop-1440-light.png`);
  await darkScreenshot(page, "remote-desktop-1440-dark", 300);

  // The spec's reply stays: the address for a VNC client, with Connect.
  await dialog.getByRole("button", { name: "VNC client address" }).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Remote Desktop available" });
  await expect(toast).toBeVisible();
  await expect(toast.getByRole("button", { name: "Connect" })).toBeVisible();
  await toast.getByRole("button", { name: "Close toast" }).click();
  await expect(toast).toHaveCount(0);
  // Using the notification leaves the viewer open.
  await expect(dialog.getByTestId("desktop-status")).toContainText("Connected");

  // Closing the dialog ends the session; a new one starts clean (on a phone).
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(desktopDialog(page)).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  const phone = await openDesktop(page);
  await screenshot(page, `${ARTIFACTS}/remote-desktop-390-light.png`);
  await darkScreenshot(page, "remote-desktop-390-dark", 300);
  await phone.getByRole("button", { name: "Close" }).click();
  await expect(desktopDialog(page)).toHaveCount(0);
}
