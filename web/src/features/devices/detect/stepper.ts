import type { DetectedDevice } from "@contracts/detection/schema";

/**
 * The Add flow (console.md §2.7): the list, then one step per picked device ("Add Device n/total");
 * each step installs its device and advances; after the last the panel goes to /devices.
 */
export type Stepper =
  | { mode: "list" }
  | { mode: "step"; queue: readonly DetectedDevice[]; index: number }
  | { mode: "done"; installed: number };

export type StepperAction =
  | { type: "start"; devices: readonly DetectedDevice[] }
  | { type: "installed" }
  | { type: "cancel" };

export const initialStepper: Stepper = { mode: "list" };

export function stepperReducer(state: Stepper, action: StepperAction): Stepper {
  switch (action.type) {
    case "start":
      if (state.mode !== "list" || action.devices.length === 0) return state;
      return { mode: "step", queue: [...action.devices], index: 0 };
    case "installed":
      if (state.mode !== "step") return state;
      return state.index + 1 >= state.queue.length
        ? { mode: "done", installed: state.queue.length }
        : { ...state, index: state.index + 1 };
    case "cancel":
      return state.mode === "step" ? { mode: "list" } : state;
  }
}

/** The step's device and its "n/total" (1-based), or null outside the steps. */
export function currentStep(state: Stepper): { device: DetectedDevice; n: number; total: number } | null {
  if (state.mode !== "step") return null;
  const device = state.queue[state.index];
  return device ? { device, n: state.index + 1, total: state.queue.length } : null;
}
