import "@/lib/i18n/locales/en-device";
import { useQuery } from "@tanstack/react-query";
import { LoaderCircleIcon } from "lucide-react";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { SheetBody, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { usePermissions } from "@/features/space/use-permissions";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { deviceViewPath } from "../paths";
import { deviceQueries } from "../queries";
import { useEditDevice } from "../use-device-mutations";
import { DeviceEditForm } from "./device-edit-form";

type EditDevicePanelProps = { space: string; uuid: string; section: string };

/** /devices/device/edit/{space_uuid}/{uuid}/general: runs the edit, then goes back to the view. */
export function EditDevicePanel({ space, uuid, section }: EditDevicePanelProps) {
  const t = useT();
  const navigate = useNavigate();
  const device = useQuery(deviceQueries.detail(space, uuid));
  const edit = useEditDevice(uuid);
  const back = () => navigate(deviceViewPath(space, uuid, "general", section), { replace: true });
  const { canWrite, settled } = usePermissions();
  const readOnly = settled && !canWrite;
  // A Viewer given an edit link gets the device's read-only view, told why, never a form that
  // would fail on Save.
  useEffect(() => {
    if (!readOnly) return;
    showAlert({ type: "info", message: t("device.edit.readOnly"), uuid: "device-edit-read-only" });
    navigate(deviceViewPath(space, uuid, "general", section), { replace: true });
  }, [readOnly, navigate, space, uuid, section, t]);
  const data = settled && canWrite ? device.data : undefined;
  return (
    <>
      <SheetHeader>
        <SheetTitle>{t("device.edit.title")}</SheetTitle>
        <SheetDescription>{data?.name ?? uuid}</SheetDescription>
      </SheetHeader>
      {data ? (
        <DeviceEditForm
          defaultValues={{
            name: data.name,
            description: data.description,
            tag_uuids: data.tags.map((tag) => tag.uuid),
          }}
          pending={edit.isPending}
          onCancel={back}
          onSubmit={(values) =>
            edit.mutate(
              { name: values.name, description: values.description, tag_uuids: values.tag_uuids },
              { onSuccess: back },
            )
          }
        />
      ) : (
        <SheetBody className="flex items-center justify-center">
          {device.isError ? (
            <p className="text-sm text-destructive">{device.error.message}</p>
          ) : (
            <LoaderCircleIcon
              role="status"
              aria-label={t("device.loading")}
              className="size-8 animate-spin text-muted-foreground"
            />
          )}
        </SheetBody>
      )}
    </>
  );
}
