import { useFormContext, useWatch } from "react-hook-form";
import { FormField, fieldProps } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { LocationFormValues } from "./location-schema";

export type TextKey = Exclude<keyof LocationFormValues, "tag_uuids">;

type TextFieldProps = {
  name: TextKey;
  label: string;
  max?: number;
  required?: boolean;
  multiline?: boolean;
  className?: string;
  type?: "text" | "number";
  autoFocus?: boolean;
};

/** A text input of the location form with its error and character counter. */
export function TextField({
  name,
  label,
  max,
  required,
  multiline,
  className,
  type = "text",
  autoFocus,
}: TextFieldProps) {
  const { register, control, formState } = useFormContext<LocationFormValues>();
  const value = useWatch({ control, name });
  const error = formState.errors[name]?.message;
  const id = `location-${name}`;
  const a11y = fieldProps(id, error, required);
  return (
    <FormField
      id={id}
      label={label}
      error={error}
      required={required}
      count={max ? value.length : undefined}
      max={max}
      className={className}
    >
      {multiline ? (
        <Textarea {...a11y} rows={3} {...register(name)} />
      ) : (
        <Input
          {...a11y}
          autoFocus={autoFocus}
          type={type}
          step={type === "number" ? "any" : undefined}
          {...register(name)}
        />
      )}
    </FormField>
  );
}
