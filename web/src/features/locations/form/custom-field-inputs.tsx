import type { CustomFieldRule } from "./location-rules";
import { TEXT_MAX } from "./location-rules";
import { TextField } from "./text-field";

/** The space's enabled custom fields, labelled with their alias. */
export function CustomFieldInputs({ fields }: { fields: readonly CustomFieldRule[] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((field) => (
        <TextField key={field.key} name={field.key} label={field.alias} max={TEXT_MAX} required={field.required} />
      ))}
    </div>
  );
}
