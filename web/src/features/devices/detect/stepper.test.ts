import type { DetectedDevice } from "@contracts/detection/schema";
import { describe, expect, it } from "vitest";
import { currentStep, initialStepper, stepperReducer } from "./stepper";

const device = (uuid: string) => ({ uuid, name: uuid }) as DetectedDevice;
const picked = [device("a"), device("b"), device("c")];

describe("stepperReducer", () => {
  it("starts at Add Device 1/total with the picked devices", () => {
    const state = stepperReducer(initialStepper, { type: "start", devices: picked });
    expect(currentStep(state)).toEqual({ device: picked[0], n: 1, total: 3 });
  });

  it("does not start without devices", () => {
    expect(stepperReducer(initialStepper, { type: "start", devices: [] })).toBe(initialStepper);
  });

  it("advances after each install and finishes after the last", () => {
    let state = stepperReducer(initialStepper, { type: "start", devices: picked });
    state = stepperReducer(state, { type: "installed" });
    expect(currentStep(state)).toMatchObject({ n: 2, total: 3, device: { uuid: "b" } });
    state = stepperReducer(state, { type: "installed" });
    expect(currentStep(state)).toMatchObject({ n: 3, total: 3 });
    state = stepperReducer(state, { type: "installed" });
    expect(state).toEqual({ mode: "done", installed: 3 });
    expect(currentStep(state)).toBeNull();
    expect(stepperReducer(state, { type: "installed" })).toBe(state);
  });

  it("Cancel inside the stepper returns to the list", () => {
    const state = stepperReducer(stepperReducer(initialStepper, { type: "start", devices: picked }), {
      type: "installed",
    });
    expect(stepperReducer(state, { type: "cancel" })).toEqual({ mode: "list" });
    expect(stepperReducer(initialStepper, { type: "cancel" })).toBe(initialStepper);
  });

  it("the queue is a copy: later changes to the selection do not move the steps", () => {
    const source = [...picked];
    const state = stepperReducer(initialStepper, { type: "start", devices: source });
    source.pop();
    expect(currentStep(state)?.total).toBe(3);
  });
});
