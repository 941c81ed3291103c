import { SearchIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

type SearchFieldProps = Omit<ComponentProps<"input">, "type" | "value" | "onChange" | "className"> & {
  value: string;
  onChange: (value: string) => void;
  /** The field's accessible name; also its placeholder unless one is given. */
  label: string;
  /** Classes of the wrapper (its width in the toolbar). */
  className?: string;
  inputClassName?: string;
};

/** A search box with the magnifier inside, as every list and picker shows it. */
export function SearchField({
  value,
  onChange,
  label,
  placeholder,
  className,
  inputClassName,
  ...input
}: SearchFieldProps) {
  return (
    <div className={cn("relative", className)}>
      <SearchIcon
        className="absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder ?? label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cn("pl-8", inputClassName)}
        {...input}
      />
    </div>
  );
}
