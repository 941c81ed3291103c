import { RadioGroup as RadioPrimitive } from "radix-ui";
import { cn } from "@/lib/ui/utils";

type SegmentedProps<V extends string> = {
  value: V;
  onValueChange: (value: V) => void;
  options: ReadonlyArray<{ value: V; label: string }>;
  label: string;
  disabled?: boolean;
  className?: string;
};

/** A one-of-few choice shown as a segmented control (a radio group: arrow keys move the choice). */
export function Segmented<V extends string>({
  value,
  onValueChange,
  options,
  label,
  disabled,
  className,
}: SegmentedProps<V>) {
  return (
    <RadioPrimitive.Root
      aria-label={label}
      value={value}
      disabled={disabled}
      onValueChange={(next) => {
        const option = options.find((o) => o.value === next);
        if (option) onValueChange(option.value);
      }}
      orientation="horizontal"
      className={cn("inline-flex w-fit items-center rounded-md border bg-card p-0.5", className)}
    >
      {options.map((option) => (
        <RadioPrimitive.Item
          key={option.value}
          value={option.value}
          className={cn(
            "h-7 rounded-[5px] px-2.5 text-[13px] font-medium whitespace-nowrap text-muted-foreground transition-colors outline-none",
            "hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50",
            "data-[state=checked]:bg-accent data-[state=checked]:text-foreground",
          )}
        >
          {option.label}
        </RadioPrimitive.Item>
      ))}
    </RadioPrimitive.Root>
  );
}
