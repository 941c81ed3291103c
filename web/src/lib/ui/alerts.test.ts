import { describe, expect, it, vi } from "vitest";

vi.mock("./alert-history", () => ({ recordAlert: () => {} }));
const { dismissAlert, onAlertWaiting, showAlert, toasterReady } = await import("./alerts");

/** A stand-in for the sonner module: records what the console asked it to show. */
function fakeSonner() {
  const calls: string[] = [];
  const show = (type: string) => (message: string, options: { id: string | number }) => {
    calls.push(`${type}:${message}:${options.id}`);
    return options.id;
  };
  const toast = Object.assign(show("default"), {
    info: show("info"),
    success: show("success"),
    warning: show("warning"),
    error: show("error"),
    dismiss: (id?: string | number) => calls.push(`dismiss:${id}`),
  });
  return { calls, module: { toast } as unknown as typeof import("sonner") };
}

describe("alerts before the toaster loads (sonner is out of the first load)", () => {
  it("wait for it, in order, and show at once after", () => {
    const { calls, module } = fakeSonner();
    // The toaster hears of the first alert that waits (it loads sonner then), every one after too.
    let wanted = 0;
    const stopListening = onAlertWaiting(() => wanted++);
    expect(wanted).toBe(0);
    const first = showAlert({ type: "error", message: "Failed to fetch displays." });
    const second = showAlert({ type: "success", message: "Saved", uuid: "save-1" });
    dismissAlert(first);
    expect(calls).toEqual([]);
    expect(wanted).toBe(3);
    // A toaster mounted after alerts began to wait hears of them at once.
    let late = 0;
    stopListening();
    const stopLate = onAlertWaiting(() => late++);
    expect(late).toBe(1);
    stopLate();
    expect(second).toBe("save-1");
    expect(first).not.toBe(second);

    toasterReady(module);
    expect(calls).toEqual([`error:Failed to fetch displays.:${first}`, "success:Saved:save-1", `dismiss:${first}`]);
    showAlert({ type: "info", message: "Later", uuid: "later" });
    expect(calls.at(-1)).toBe("info:Later:later");
    expect(wanted).toBe(3);
  });
});
