import "@/lib/i18n/locales/en-device";
import type { UseFormReturn } from "react-hook-form";
import { FormField, fieldProps } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useT } from "@/lib/i18n";
import { DEVICE_DESCRIPTION_MAX, DEVICE_NAME_MAX } from "./device-form-schema";

/** The part of a device form these fields fill. */
type DeviceText = { name: string; description: string };
/** What these fields use of a react-hook-form form whose values include DeviceText. */
type DeviceTextForm = Pick<UseFormReturn<DeviceText>, "register" | "formState"> & {
  watch: (name: "description") => string;
};

/** Name and description (with its 1000 counter) of the edit, add and install forms, bound to `form`. */
export function DeviceTextFields({ form }: { form: DeviceTextForm }) {
  const t = useT();
  const errors = { name: form.formState.errors.name?.message, description: form.formState.errors.description?.message };
  const name = form.register("name");
  const description = form.register("description");
  const descriptionValue = form.watch("description");
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
