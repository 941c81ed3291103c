import { type ReactNode, useEffect, useSyncExternalStore } from "react";
import { flushSync } from "react-dom";

export type TooltipProps = {
  label: ReactNode;
  side?: "top" | "right" | "bottom" | "left";
  /** Render nothing extra when false (e.g. an expanded nav already shows the label). */
  enabled?: boolean;
  children: ReactNode;
};

type Implementation = (props: TooltipProps) => ReactNode;

/**
 * Radix's tooltip (with floating-ui, ≈ 11 KB gzip) is not in a page's first load (issue 19): until it
 * is here, a tooltip's trigger renders alone. It loads when the browser is idle after the first
 * render, or at the first pointer or keyboard focus movement, and every trigger then gets its
 * tooltip in one commit.
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
}

/** Loads the tooltips once (a failed load, e.g. offline, is tried again at the next movement). */
export function loadTooltips(): Promise<void> {
  loading ??= import("./tooltip-radix").then(
    (module) => install(module.RadixTooltip),
    () => {
      loading = null;
    },
  );
  return loading;
}

/** Starts loading the tooltips after the first render; the app renders it once, around everything. */
export function TooltipLoader() {
  useEffect(() => {
    if (implementation) return;
    const go = () => {
      cancel();
      void loadTooltips();
    };
    const events = ["pointerover", "focusin"] as const;
    for (const name of events) document.addEventListener(name, go, { capture: true, passive: true });
    const idle =
      "requestIdleCallback" in window ? window.requestIdleCallback(go, { timeout: 2000 }) : setTimeout(go, 200);
    function cancel() {
      for (const name of events) document.removeEventListener(name, go, { capture: true });
      if ("cancelIdleCallback" in window) window.cancelIdleCallback(idle as number);
      else clearTimeout(idle);
    }
    return cancel;
  }, []);
  return null;
}

/** A hint on hover and keyboard focus; the trigger keeps its own accessible name. */
export function Tooltip(props: TooltipProps) {
  const Loaded = useSyncExternalStore(subscribe, current, current);
  if (props.enabled === false || !Loaded) return props.children;
  return <Loaded {...props} />;
}
