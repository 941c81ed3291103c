import "@/lib/i18n/locales/en-detect";
import type { DetectedDevice } from "@contracts/detection/schema";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { FormAlert, useFormFailure } from "@/components/form-alert";
import { FormFooter } from "@/components/form-footer";
import { SheetBody } from "@/components/ui/sheet";
import { typeLabel } from "@/features/devices/logic/format";
import type { FormFailure } from "@/lib/api/form-failure";
import { useT } from "@/lib/i18n";
import { type DeviceEditValues, deviceEditSchema } from "../edit/device-form-schema";
import { DeviceTagsField } from "../edit/device-tags-field";
import { DeviceTextFields } from "../edit/device-text-fields";

/** The fields a server error can name on this form (others join the general message). */
export const INSTALL_FORM_FIELDS = ["name", "description", "tag_uuids"] as const;

type InstallStepFormProps = {
  device: DetectedDevice;
  /** Installs; resolves with what failed, or null when the step is done. */
  onSubmit: (values: DeviceEditValues) => Promise<FormFailure | null>;
  onCancel: () => void;
  pending: boolean;
};

/** One step of Add Device n/total: the detected name prefilled, description and tags empty. */
export function InstallStepForm({ device, onSubmit, onCancel, pending }: InstallStepFormProps) {
  const t = useT();
  const form = useForm<DeviceEditValues>({
    resolver: zodResolver(deviceEditSchema(t)),
    defaultValues: { name: device.name, description: "", tag_uuids: [] },
  });
  const failure = useFormFailure(form);
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    failure.clear();
    const rejected = await onSubmit(values);
    if (rejected) failure.show(rejected);
  });

  return (
    <form className="flex min-h-0 flex-1 flex-col" noValidate onSubmit={submit}>
      <SheetBody className="flex max-w-2xl flex-col gap-5">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-lg border bg-muted/30 px-4 py-3 text-[13px] sm:grid-cols-4">
          <Fact label={t("detect.col.name")} value={device.name} />
          <Fact label={t("detect.col.ip")} value={device.ip_address} mono />
          <Fact label={t("detect.col.mac")} value={device.mac_address.toUpperCase()} mono />
          <Fact label={t("detect.col.type")} value={typeLabel(device.device_type_name)} />
        </dl>
        <FormAlert message={failure.general} />
        <DeviceTextFields form={form} />
        <Controller
          control={form.control}
          name="tag_uuids"
          render={({ field }) => <DeviceTagsField id="device-tags" values={field.value} onChange={field.onChange} />}
        />
        {errors.tag_uuids?.message && <p className="text-xs text-destructive">{errors.tag_uuids.message}</p>}
      </SheetBody>
      <FormFooter onCancel={onCancel} label={t("detect.add")} pending={pending} />
    </form>
  );
}

function Fact({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={mono ? "truncate font-mono text-xs leading-5" : "truncate"} title={value}>
        {value || "—"}
      </dd>
    </div>
  );
}
