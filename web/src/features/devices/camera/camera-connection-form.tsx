import "@/lib/i18n/locales/en-device";
import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircleIcon, PlugIcon } from "lucide-react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField, fieldProps } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { type MessageKey, useT } from "@/lib/i18n";
import { CAMERA_FIELDS, type CameraFormValues, cameraFormSchema } from "./camera-form";

/** The connection form of devices.md §2/§3/§5: a pure form (defaultValues in, onSubmit out). */
export function CameraConnectionForm({
  defaultValues,
  onSubmit,
  disabled,
  pending,
}: {
  defaultValues: CameraFormValues;
  onSubmit: (values: CameraFormValues) => void;
  disabled?: boolean;
  /** Connect is running: the button spins and waits. */
  pending?: boolean;
}) {
  const t = useT();
  const form = useForm<CameraFormValues>({ defaultValues, resolver: zodResolver(cameraFormSchema(t)) });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      aria-label={t("device.camera.connection")}
      onSubmit={form.handleSubmit(onSubmit)}
      className="flex flex-col gap-4"
    >
      <fieldset disabled={disabled} className="grid gap-x-4 gap-y-3 sm:grid-cols-2">
        {CAMERA_FIELDS.map(({ name, required, port, secret }) => {
          const id = `camera-${name}`;
          const error = errors[name]?.message;
          return (
            <FormField
              key={name}
              id={id}
              label={t(`device.camera.field.${name}` as MessageKey)}
              error={error}
              required={required}
              className={name === "main_rtsp_url" ? "sm:col-span-2" : undefined}
            >
              <Input
                {...fieldProps(id, error, required)}
                type={secret ? "password" : "text"}
                inputMode={port ? "numeric" : undefined}
                autoComplete={secret ? "new-password" : "off"}
                spellCheck={false}
                {...form.register(name)}
              />
            </FormField>
          );
        })}
      </fieldset>
      <Button type="submit" className="self-end" disabled={disabled || pending}>
        {pending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <PlugIcon aria-hidden="true" />}
        {t("device.camera.connect")}
      </Button>
    </form>
  );
}
