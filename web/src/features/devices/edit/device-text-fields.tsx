import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField, fieldProps } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useT } from "@/lib/i18n";
import { DEVICE_DESCRIPTION_MAX, DEVICE_NAME_MAX } from "./device-form-schema";

type DeviceTextFieldsProps = {
  name: UseFormRegisterReturn;
  description: UseFormRegisterReturn;
  /** The description typed so far (for its counter). */
  descriptionValue: string;
  errors: { name?: string; description?: string };
};

/** Name and description (with its 1000 counter) of the edit and add forms. */
export function DeviceTextFields({ name, description, descriptionValue, errors }: DeviceTextFieldsProps) {
  const t = useT();
  return (
    <>
      <FormField id="device-name" label={t("device.edit.name")} error={errors.name} required>
        <Input {...fieldProps("device-name", errors.name, true)} autoFocus maxLength={DEVICE_NAME_MAX} {...name} />
      </FormField>
      <FormField
        id="device-description"
        label={t("device.field.description")}
        error={errors.description}
        count={descriptionValue.length}
        max={DEVICE_DESCRIPTION_MAX}
      >
        <Textarea {...fieldProps("device-description", errors.description)} rows={4} {...description} />
      </FormField>
    </>
  );
}
