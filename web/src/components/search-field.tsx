import { SearchIcon } from "lucide-react";
import { type ComponentProps, useEffect, useRef } from "react";
import { registerListSearch } from "@/components/list-search";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/ui/utils";

type SearchFieldProps = Omit<ComponentProps<"input">, "type" | "value" | "onChange" | "className"> & {
  value: string;
  onChange: (value: string) => void;
  /** The field's accessible name; also its placeholder unless one is given. */
  label: string;
  /** Classes of the wrapper (its width in the toolbar). */
  className?: string;
  inputClassName?: string;
  /** The search of the page's list: `/` focuses it, the command palette can fill it. */
  listSearch?: boolean;
};

/** A search box with the magnifier inside, as every list and picker shows it. */
export function SearchField({
  value,
  onChange,
  label,
  placeholder,
  className,
  inputClassName,
  listSearch = false,
  ...input
}: SearchFieldProps) {
  const ref = useRef<HTMLInputElement>(null);
  const change = useRef(onChange);
  change.current = onChange;
  useEffect(() => {
    const element = ref.current;
    if (!listSearch || !element) return;
    return registerListSearch({ input: element, set: (next) => change.current(next) });
  }, [listSearch]);
  return (
    <div className={cn("relative", className)}>
      <SearchIcon
        className="absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        ref={ref}
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
