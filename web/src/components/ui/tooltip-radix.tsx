import { Tooltip as TooltipPrimitive } from "radix-ui";
import { useSyncExternalStore } from "react";
import { cn } from "@/lib/ui/utils";
import type { TooltipProps } from "./tooltip";

const DELAY_MS = 400;
const SKIP_DELAY_MS = 200;

/**
 * "A tooltip was open a moment ago": the next one opens without the delay. Radix keeps this in a
 * provider above the app; these tooltips load after the first render, and a provider added above
 * the app then would re-create the whole page, so each tooltip has its own and they share this.
 */
let warm = false;
let cooling: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const isWarm = () => warm;
function setWarm(next: boolean) {
  if (warm === next) return;
  warm = next;
  for (const listener of listeners) listener();
}
function opened(open: boolean) {
  clearTimeout(cooling);
  if (open) setWarm(true);
  else cooling = setTimeout(() => setWarm(false), SKIP_DELAY_MS);
}

/** Radix's tooltip around the trigger (the trigger keeps its own accessible name). */
export function RadixTooltip({ label, side = "bottom", children }: TooltipProps) {
  const skipDelay = useSyncExternalStore(subscribe, isWarm, isWarm);
  return (
    <TooltipPrimitive.Provider delayDuration={skipDelay ? 0 : DELAY_MS} skipDelayDuration={0}>
      <TooltipPrimitive.Root onOpenChange={opened}>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            data-slot="tooltip-content"
            side={side}
            sideOffset={6}
            className={cn(
              "z-50 rounded-md bg-foreground px-2 py-1 text-xs text-background shadow-md",
              "data-[state=delayed-open]:animate-fade-in data-[state=closed]:animate-fade-out",
            )}
          >
            {label}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
