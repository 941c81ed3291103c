import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { FormFooter } from "@/components/form-footer";
import { SheetBody } from "@/components/ui/sheet";
import { useT } from "@/lib/i18n";
import { type DeviceEditValues, deviceEditSchema } from "./device-form-schema";
import { DeviceTagsField } from "./device-tags-field";
import { DeviceTextFields } from "./device-text-fields";

type DeviceEditFormProps = {
  defaultValues: DeviceEditValues;
  onSubmit: (values: DeviceEditValues) => void;
  onCancel: () => void;
  pending: boolean;
};

/** The pure edit form: Save is enabled only when something changed. */
export function DeviceEditForm({ defaultValues, onSubmit, onCancel, pending }: DeviceEditFormProps) {
  const t = useT();
  const form = useForm<DeviceEditValues>({ resolver: zodResolver(deviceEditSchema(t)), defaultValues });
  return (
    <form className="flex min-h-0 flex-1 flex-col" onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <SheetBody className="flex max-w-2xl flex-col gap-5">
        <DeviceTextFields form={form} />
        <Controller
          control={form.control}
          name="tag_uuids"
          render={({ field }) => <DeviceTagsField id="device-tags" values={field.value} onChange={field.onChange} />}
        />
      </SheetBody>
      <FormFooter onCancel={onCancel} label={t("common.save")} pending={pending} disabled={!form.formState.isDirty} />
    </form>
  );
}
