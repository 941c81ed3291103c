import { type ReactNode, useEffect, useSyncExternalStore } from "react";
import { flushSync } from "react-dom";
import { whenUsedAndIdle } from "@/lib/ui/when-idle";

export type TooltipProps = {
  label: ReactNode;
  side?: "top" | "right" | "bottom" | "left";
  /** Render nothing extra when false (e.g. an expanded nav already shows the label). */
  enabled?: boolean;
  children: ReactNode;
};

type Implementation = (props: TooltipProps) => ReactNode;

/**
 * Radix's tooltip (with floating-ui, ≈ 11 KB gzip) is not in a page's first load: until it
 * is here, a tooltip's trigger renders alone. Once a tooltip is on screen it loads at the first
 * pointer or keyboard focus movement, or when the browser is idle after the page's first input,
 * and every trigger then gets its tooltip in one commit.
 */
let implementation: Implementation | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const current = () => implementation;

const FOCUSABLE = "a[href], button, input, select, textarea, [tabindex]";

/** Where the mouse was last seen before the tooltips were here (a pointer resting on a trigger). */
let pointer: { x: number; y: number } | null = null;
const trackPointer = (event: PointerEvent) => {
  pointer = event.pointerType === "mouse" ? { x: event.clientX, y: event.clientY } : null;
};

function install(next: Implementation) {
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const index = focused ? [...document.querySelectorAll(FOCUSABLE)].indexOf(focused) : -1;
  flushSync(() => {
    implementation = next;
    for (const listener of listeners) listener();
  });
  // Wrapping a trigger re-creates its element: the keyboard focus goes to the one in its place.
  if (focused && !focused.isConnected && index >= 0) {
    document.querySelectorAll<HTMLElement>(FOCUSABLE)[index]?.focus({ preventScroll: true });
  }
  // Radix opens a tooltip on a pointer move over its trigger: a mouse that came to rest on one
  // while the code loaded gets its tooltip without having to move again.
  listen(false);
  const under = pointer && document.elementFromPoint(pointer.x, pointer.y);
  if (pointer && under) {
    under.dispatchEvent(
      new PointerEvent("pointermove", { bubbles: true, pointerType: "mouse", clientX: pointer.x, clientY: pointer.y }),
    );
  }
  pointer = null;
}

/** Loads the tooltips once (a failed load, e.g. offline, is tried again at the next pointer or focus move). */
export function loadTooltips(): Promise<void> {
  loading ??= import("./tooltip-radix").then(
    (module) => install(module.RadixTooltip),
    () => {
      loading = null;
    },
  );
  return loading;
}

/** A pointer or the keyboard focus reached something: the tooltips are wanted now. */
const onActivity = (event: Event) => {
  if (!event.isTrusted) return;
  if (event instanceof PointerEvent) trackPointer(event);
  void loadTooltips();
};
// A pointer move, not a pointer over: the browser sends "over" to whatever comes under a resting
// mouse when the page lays out, which is no sign of anyone there (and Radix opens on a move).
const ACTIVITY = ["pointermove", "focusin"] as const;
function listen(on: boolean) {
  for (const name of ACTIVITY) {
    if (on) document.addEventListener(name, onActivity, { capture: true, passive: true });
    else document.removeEventListener(name, onActivity, { capture: true });
  }
}

let scheduled = false;
/**
 * The first tooltip on screen starts it: the tooltips load at the first pointer or focus movement,
 * or when the browser is idle after the page's first input (a page only watched, a wall screen,
 * never loads them).
 */
function schedule() {
  if (scheduled || implementation) return;
  scheduled = true;
  listen(true);
  whenUsedAndIdle(() => void loadTooltips(), 2000);
}

/** A hint on hover and keyboard focus; the trigger keeps its own accessible name. */
export function Tooltip(props: TooltipProps) {
  const Loaded = useSyncExternalStore(subscribe, current, current);
  useEffect(schedule, []);
  if (props.enabled === false || !Loaded) return props.children;
  return <Loaded {...props} />;
}
