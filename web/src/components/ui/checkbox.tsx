import { CheckIcon, MinusIcon } from "lucide-react";
import { type ComponentProps, useLayoutEffect, useRef } from "react";
import { cn } from "@/lib/ui/utils";

type CheckboxProps = Omit<ComponentProps<"input">, "type" | "checked" | "onChange"> & {
  /** `"indeterminate"` shows a dash (e.g. some rows selected). */
  checked?: boolean | "indeterminate";
  onCheckedChange?: (checked: boolean) => void;
};

/**
 * A native checkbox drawn like the console's other controls. The browser gives it its role, its
 * checked and mixed states, Space and label clicks; a component library's checkbox (a button acting
 * as one) added 3 KB gzip to the device list's first load. The wrapper is a label, so a margin drawn
 * around the box (a touch target, `className`) takes clicks too.
 */
export function Checkbox({ className, checked, onCheckedChange, ...props }: CheckboxProps) {
  const input = useRef<HTMLInputElement>(null);
  const mixed = checked === "indeterminate";
  // Mixed is a property only, not an attribute.
  useLayoutEffect(() => {
    if (input.current) input.current.indeterminate = mixed;
  }, [mixed]);
  const Icon = mixed ? MinusIcon : CheckIcon;
  return (
    <label data-slot="checkbox" className={cn("relative inline-flex size-4 shrink-0", className)}>
      <input
        ref={input}
        type="checkbox"
        checked={checked === true}
        onChange={(event) => onCheckedChange?.(event.currentTarget.checked)}
        className={cn(
          "peer m-0 size-full appearance-none rounded-[4px] border border-input bg-card shadow-xs transition-colors outline-none",
          "focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50",
          "checked:border-primary checked:bg-primary indeterminate:border-primary indeterminate:bg-primary",
        )}
        {...props}
      />
      <Icon
        className="pointer-events-none absolute inset-0 m-auto hidden size-3 text-primary-foreground peer-checked:block peer-indeterminate:block"
        strokeWidth={3}
        aria-hidden="true"
      />
    </label>
  );
}
