import { TAG_NAME_MAX } from "@contracts/tag";
import { useQuery } from "@tanstack/react-query";
import { FormField } from "@/components/ui/form-field";
import { MultiCombobox } from "@/components/ui/multi-combobox";
import { tagQueries } from "@/features/locations/queries";
import { useCreateTag } from "@/features/locations/use-create-tag";
import { useCurrentSpace } from "@/features/session/current-space";
import { useT } from "@/lib/i18n";

type DeviceTagsFieldProps = { id: string; values: string[]; onChange: (values: string[]) => void };

/** The device's tags: pick the space's tags or create one (POST /tag/add/, counter 20). */
export function DeviceTagsField({ id, values, onChange }: DeviceTagsFieldProps) {
  const t = useT();
  const { space } = useCurrentSpace();
  const tags = useQuery(tagQueries.list(space.space_uuid));
  const create = useCreateTag("device.tag.failed");
  return (
    <FormField id={id} label={t("device.field.tags")}>
      <MultiCombobox
        id={id}
        values={values}
        onChange={onChange}
        options={(tags.data ?? []).map((tag) => ({ value: tag.uuid, label: tag.name }))}
        addLabel={t("device.tag.add")}
        searchLabel={t("common.search")}
        emptyText={t("common.noMatches")}
        removeLabel={(name) => t("common.remove", { name })}
        create={{
          maxLength: TAG_NAME_MAX,
          label: (name) => t("device.tag.create", { name }),
          onCreate: (name) =>
            create.mutate(name, { onSuccess: (tag) => onChange([...values.filter((v) => v !== tag.uuid), tag.uuid]) }),
        }}
      />
    </FormField>
  );
}
