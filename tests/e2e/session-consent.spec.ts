import { LAB_SPACE_UUID } from "../../agent/sim/demo-data.ts";
import { type LabRunner, startLabRunner } from "./lab-runner.ts";
import { ARTIFACTS, darkScreenshot, screenshot, signInToLab } from "./support.ts";
import { type APIRequestContext, expect, type Page, test } from "./test.ts";

/**
 * A lab runner whose simulated person answers the consent prompt with `answer` (the simulator's
 * --consent), its location set to ask for 30 s with `fallback` when nobody answers, and its
 * terminal opened by the lab's admin; `done` turns consent off and stops the runner.
 */
async function terminalUnderConsent(
  page: Page,
  request: APIRequestContext,
  baseURL: string | undefined,
  name: string,
  answer: string,
  fallback: "allow" | "deny",
) {
  const runner: LabRunner = await startLabRunner(request, baseURL ?? "", name, ["--consent", answer]);
  const set = async (mode: "off" | "prompt") =>
    expect(
      (
        await request.put(`${runner.api}/location/${runner.location_uuid}/session-consent/`, {
          headers: runner.auth,
          data: { mode, timeout_s: 30, default_action: fallback, banner: true },
        })
      ).status(),
    ).toBe(200);
  await set("prompt");
  const done = async () => {
    await set("off");
    runner.stop();
  };
  try {
    await signInToLab(page);
    await page.goto(`/devices/device/view/${LAB_SPACE_UUID}/${runner.uuid}/settings`);
    await page.getByRole("button", { name: "Open Terminal" }).click();
    const dialog = page.getByRole("dialog", { name: /^Terminal · / });
    // The device's prompt is up: the console says it waits, for the location's 30 s.
    await expect(dialog.getByTestId("terminal-consent")).toHaveText(
      "Waiting for the person at the device to accept (30 s)…",
    );
    return { runner, dialog, done };
  } catch (error) {
    await done();
    throw error;
  }
}

/**
 * Remote sessions under policy, end to end: the runner's location asks consent, the simulated
 * person at the device accepts after a moment, the operator sees the wait and the answer and that
 * the session is recorded; the recording then replays in the browser.
 */
test("a location with consent waits for the simulated device; the recorded terminal replays", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { runner, dialog, done } = await terminalUnderConsent(
    page,
    request,
    baseURL,
    "E2E Consent Runner",
    "accept:800",
    "deny",
  );
  try {
    await expect(dialog.getByTestId("terminal-recorded")).toHaveText("This session is recorded.");
    await screenshot(page, `${ARTIFACTS}/session-consent-waiting.png`);
    await expect(dialog.getByTestId("terminal-status")).toContainText("Connected", { timeout: 15_000 });
    await expect(dialog.getByTestId("terminal-consent")).toHaveText("· Accepted at the device.");
    await dialog.locator(".xterm").click();
    await page.keyboard.type("echo replay-$((6*7))");
    await page.keyboard.press("Enter");
    await expect(dialog.locator(".xterm-rows")).toContainText("replay-42");
    await screenshot(page, `${ARTIFACTS}/session-recorded-1440-light.png`);
    await dialog.getByRole("button", { name: "Close" }).click();

    // The recording: listed for the device, replayed in the browser at 8× speed.
    let session = "";
    await expect
      .poll(async () => {
        const res = await request.get(`${runner.api}/recording/items/`, {
          headers: runner.auth,
          params: { device_uuid: runner.uuid },
        });
        session = ((await res.json()).items[0]?.session as string | undefined) ?? "";
        return session;
      })
      .not.toBe("");
    await page.goto(`/devices/device/view/${LAB_SPACE_UUID}/${runner.uuid}/recording/${session}`);
    await expect(page.getByRole("heading", { name: `Recording · ${runner.name}` })).toBeVisible();
    await page.getByRole("radio", { name: "8×" }).click();
    await expect(page.getByTestId("recording-terminal").locator(".xterm-rows")).toContainText("replay-42", {
      timeout: 15_000,
    });
    await screenshot(page, `${ARTIFACTS}/session-replay-1440-light.png`);
    await darkScreenshot(page, "session-replay-1440-dark", 300);
  } finally {
    await done();
  }
});

test("the person at the device refuses: the terminal never opens and says so; nothing is recorded", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { runner, dialog, done } = await terminalUnderConsent(
    page,
    request,
    baseURL,
    "E2E Refusing Runner",
    "refuse:600",
    "allow",
  );
  try {
    // Refused, although the location's default would allow a session nobody answered.
    await expect(dialog.getByTestId("terminal-status")).toHaveText("Refused at the device.", { timeout: 15_000 });
    await expect(dialog.getByText("Connected")).toHaveCount(0);
    await screenshot(page, `${ARTIFACTS}/session-consent-refused.png`);
    const res = await request.get(`${runner.api}/recording/items/`, {
      headers: runner.auth,
      params: { device_uuid: runner.uuid },
    });
    expect((await res.json()).items).toEqual([]);
  } finally {
    await done();
  }
});
