import { useState } from "react";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/ui/utils";

type TimeInputProps = {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
};

/** An hh:mm:ss text input; an empty one shows its error only once it was left (blurred). */
export function TimeInput({ id, label, value, error, disabled, onChange }: TimeInputProps) {
  const [touched, setTouched] = useState(false);
  const shown = error && (touched || value !== "") ? error : undefined;
  return (
    <div className="flex w-32 flex-col gap-1">
      <Input
        id={id}
        aria-label={label}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${id}-error` : undefined}
        placeholder="hh:mm:ss"
        inputMode="numeric"
        autoComplete="off"
        maxLength={8}
        disabled={disabled}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => setTouched(true)}
        className={cn("h-8 font-mono tabular-nums")}
      />
      {shown && (
        <p id={`${id}-error`} className="text-xs leading-4 text-destructive">
          {shown}
        </p>
      )}
    </div>
  );
}
