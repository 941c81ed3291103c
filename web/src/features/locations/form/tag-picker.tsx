import "@/lib/i18n/locales/en-assets";
import { Controller, useFormContext } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { useT } from "@/lib/i18n";
import { SpaceTagsCombobox } from "../space-tags-combobox";
import type { LocationFormValues } from "./location-schema";

/** The location's tags: pick the space's tags or create one (POST /tag/add/, 20 characters). */
export function TagPicker() {
  const t = useT();
  const { control } = useFormContext<LocationFormValues>();

  return (
    <Controller
      control={control}
      name="tag_uuids"
      render={({ field, fieldState }) => (
        <FormField
          id="location-tags"
          label={t("location.field.tags")}
          error={fieldState.error?.message}
          className="sm:col-span-2"
        >
          <SpaceTagsCombobox
            id="location-tags"
            values={field.value}
            onChange={field.onChange}
            addLabel={t("location.addTag")}
            createLabel={(name) => t("location.createTag", { name })}
            failed="location.tagFailed"
            invalid={Boolean(fieldState.error)}
            describedBy={fieldState.error ? "location-tags-error" : undefined}
          />
        </FormField>
      )}
    />
  );
}
