import "@/lib/i18n/locales/en-device";
import { useQuery } from "@tanstack/react-query";
import { useFlyoutFallback } from "@/app/flyout";
import { FlyoutLoadFailed, FlyoutLoading } from "@/components/flyout-states";
import { Badge } from "@/components/ui/badge";
import { SheetBody, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { locationViewPath } from "@/features/locations/paths";
import { usePermissions } from "@/features/space/use-permissions";
import { useT } from "@/lib/i18n";
import { DeviceStatusBadge, DeviceStatusIcon, deviceLook } from "../device-status";
import { useDeviceRoom } from "../live/use-device-room";
import { FactList, Section } from "../view/fact-list";
import { CameraConnectionForm } from "./camera-connection-form";
import { cameraFormDefaults } from "./camera-form";
import { CameraSnapshot } from "./camera-snapshot";
import { cameraQueries } from "./queries";
import { useCameraConnect, useCameraSnapshot } from "./use-camera-actions";

/**
 * /{devices|locations}/camera/view/{space_uuid}/{uuid}/{tab}: camera info (devices.md §2 Camera
 * settings). Connect saves the connection fields and checks them through a runner of the
 * camera's location; Refresh Snapshot has that runner fetch a snapshot into storage and shows it.
 */
export function CameraInfoPanel({ space, uuid, section }: { space: string; uuid: string; section: string }) {
  const t = useT();
  const { canWrite } = usePermissions();
  const camera = useQuery(cameraQueries.detail(space, uuid));
  useDeviceRoom(space, uuid);
  const data = camera.data;
  const ref =
    data?.camera && data.location_uuid
      ? { space, device: uuid, location: data.location_uuid, camera: data.camera.uuid }
      : null;
  const snapshot = useCameraSnapshot(ref);
  const connect = useCameraConnect(ref ?? { space, device: uuid, location: "", camera: "" });
  // Opened by link under /locations (no earlier page): closing goes to its location's device list.
  const locationUuid = section === "locations" ? data?.location_uuid : null;
  useFlyoutFallback(locationUuid ? locationViewPath(locationUuid, "devices") : null);

  if (camera.isPending) return <FlyoutLoading label={t("device.camera.loading")} uuid={uuid} />;
  if (camera.isError || !data)
    return (
      <FlyoutLoadFailed
        title={t("device.camera.title")}
        uuid={uuid}
        error={camera.error}
        failedText={t("device.camera.loadFailed")}
        notFoundText={t("device.camera.notFound")}
      />
    );

  const look = deviceLook(data);
  return (
    <>
      <SheetHeader className="gap-2">
        <div className="flex min-h-9 items-center gap-3">
          <DeviceStatusIcon look={look} />
          <SheetTitle className="truncate text-lg">{data.name}</SheetTitle>
          <DeviceStatusBadge look={look} />
          {data.demo_mode && <Badge variant="partially_online">{t("device.demo")}</Badge>}
        </div>
        <SheetDescription>
          {[t("device.camera.title"), data.location_name].filter(Boolean).join(" · ")}
        </SheetDescription>
      </SheetHeader>
      <SheetBody>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]" data-testid="camera-info">
          <div className="flex min-w-0 flex-col gap-5">
            <Section title={t("device.camera.snapshot")}>
              <CameraSnapshot snapshot={snapshot} disabled={!canWrite || !ref} />
            </Section>
            <Section title={t("device.camera.about")}>
              <FactList
                facts={[
                  { label: t("device.fact.location"), value: data.location_name ?? "—" },
                  { label: t("device.fact.uuid"), value: data.uuid, mono: true },
                ]}
              />
            </Section>
          </div>
          <Section title={t("device.camera.connection")} className="min-w-0">
            <CameraConnectionForm
              key={data.camera?.uuid ?? "none"}
              defaultValues={cameraFormDefaults(data.camera)}
              disabled={!canWrite || !ref}
              pending={connect.isPending}
              onSubmit={(values) => connect.mutate(values)}
            />
          </Section>
        </div>
      </SheetBody>
    </>
  );
}
