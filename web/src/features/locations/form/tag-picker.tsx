import { TAG_NAME_MAX } from "@contracts/tag";
import { useQuery } from "@tanstack/react-query";
import { Controller, useFormContext } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { MultiCombobox } from "@/components/ui/multi-combobox";
import { useCurrentSpace } from "@/features/session/current-space";
import { useT } from "@/lib/i18n";
import { tagQueries } from "../queries";
import { useCreateTag } from "../use-create-tag";
import type { LocationFormValues } from "./location-schema";

/** The location's tags: pick the space's tags or create one (POST /tag/add/, 20 characters). */
export function TagPicker() {
  const t = useT();
  const { space } = useCurrentSpace();
  const { control } = useFormContext<LocationFormValues>();
  const tags = useQuery(tagQueries.list(space.space_uuid));
  const create = useCreateTag("location.tagFailed");
  const options = (tags.data ?? []).map((tag) => ({ value: tag.uuid, label: tag.name }));

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
          <MultiCombobox
            id="location-tags"
            values={field.value}
            onChange={field.onChange}
            options={options}
            addLabel={t("location.addTag")}
            searchLabel={t("common.search")}
            emptyText={t("common.noMatches")}
            removeLabel={(name) => t("common.remove", { name })}
            invalid={Boolean(fieldState.error)}
            describedBy={fieldState.error ? "location-tags-error" : undefined}
            create={{
              maxLength: TAG_NAME_MAX,
              label: (name) => t("location.createTag", { name }),
              onCreate: (name) =>
                create.mutate(name, {
                  onSuccess: (tag) => field.onChange([...field.value.filter((v) => v !== tag.uuid), tag.uuid]),
                }),
            }}
          />
        </FormField>
      )}
    />
  );
}
