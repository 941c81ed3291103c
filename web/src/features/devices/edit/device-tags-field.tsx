import "@/lib/i18n/locales/en-device";
import { FormField } from "@/components/ui/form-field";
import { SpaceTagsCombobox } from "@/features/locations/space-tags-combobox";
import { useT } from "@/lib/i18n";

type DeviceTagsFieldProps = { id: string; values: string[]; onChange: (values: string[]) => void };

/** The device's tags: pick the space's tags or create one (POST /tag/add/, counter 20). */
export function DeviceTagsField({ id, values, onChange }: DeviceTagsFieldProps) {
  const t = useT();
  return (
    <FormField id={id} label={t("device.field.tags")}>
      <SpaceTagsCombobox
        id={id}
        values={values}
        onChange={onChange}
        addLabel={t("device.tag.add")}
        createLabel={(name) => t("device.tag.create", { name })}
        failed="device.tag.failed"
      />
    </FormField>
  );
}
