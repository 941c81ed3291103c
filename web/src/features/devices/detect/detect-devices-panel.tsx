import "@/lib/i18n/locales/en-detect";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { MapPinIcon } from "lucide-react";
import { useCallback, useEffect, useReducer, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { SheetBody, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { locationQueries } from "@/features/locations/queries";
import { useCurrentSpace } from "@/features/session/current-space";
import { toFormFailure } from "@/lib/api/form-failure";
import { useT } from "@/lib/i18n";
import { DetectNotice } from "./detect-notice";
import { DetectToolbar } from "./detect-toolbar";
import { DetectionResults } from "./detection-results";
import { INSTALL_FORM_FIELDS, InstallStepForm } from "./install-step-form";
import { detectionQueries } from "./queries";
import { hasScanned } from "./scan-state";
import { emptySelection, type Selection } from "./selection";
import { currentStep, initialStepper, stepperReducer } from "./stepper";
import { useDetection } from "./use-detection";
import { useInstallDetectedDevice } from "./use-install-detected-device";

/** Where Cancel and the last step go (console.md §2.7). */
const DEVICES = "/devices";

/**
 * /devices/detectDevices: pick a location, detect, pick from the results, then add them one by
 * one. Changing the location starts over (its room is left, the selection dropped).
 */
export function DetectDevicesPanel() {
  const [location, setLocation] = useState("");
  return location ? (
    <LocationDetection key={location} location={location} onLocation={setLocation} />
  ) : (
    <NoLocation onLocation={setLocation} />
  );
}

function NoLocation({ onLocation }: { onLocation: (location: string) => void }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <>
      <PanelHeader title={t("detect.title")} description={t("detect.subtitle")} />
      <SheetBody className="flex flex-col gap-5">
        <DetectToolbar location="" onLocation={onLocation} />
        <DetectNotice icon={MapPinIcon} text={t("detect.pickFirst")} />
      </SheetBody>
      <SheetFooter>
        <Button type="button" variant="outline" onClick={() => navigate(DEVICES)}>
          {t("common.cancel")}
        </Button>
      </SheetFooter>
    </>
  );
}

function LocationDetection({ location, onLocation }: { location: string; onLocation: (location: string) => void }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { space } = useCurrentSpace();
  const locationName = useQuery({ ...locationQueries.detail(space.space_uuid, location), enabled: Boolean(location) })
    .data?.name;
  const detection = useDetection(space.space_uuid, location);
  const install = useInstallDetectedDevice(location);
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const onSelection = useCallback((update: (current: Selection) => Selection) => setSelection(update), []);
  const [stepper, step] = useReducer(stepperReducer, initialStepper);
  const current = currentStep(stepper);

  useEffect(() => {
    if (stepper.mode === "done") navigate(DEVICES);
  }, [stepper.mode, navigate]);

  // Cancel outside the stepper: clear the results and go to the device list.
  const cancel = () => {
    setSelection(emptySelection);
    queryClient.removeQueries({ queryKey: detectionQueries.itemsKey(space.space_uuid, location) });
    navigate(DEVICES);
  };
  const detect = () => {
    setSelection(emptySelection);
    detection.detect();
  };

  if (current) {
    const { device, n, total } = current;
    return (
      <>
        <PanelHeader title={t("detect.step.title", { n, total })} description={locationName ?? ""} />
        <InstallStepForm
          key={device.uuid}
          device={device}
          pending={install.isPending}
          onCancel={() => step({ type: "cancel" })}
          onSubmit={async (values) => {
            try {
              await install.mutateAsync({
                uuid: device.uuid,
                name: values.name,
                description: values.description || null,
                tag_uuids: values.tag_uuids,
              });
            } catch (error) {
              return toFormFailure(error, INSTALL_FORM_FIELDS, t);
            }
            setSelection((picked) => {
              const next = new Map(picked);
              next.delete(device.uuid);
              return next;
            });
            step({ type: "installed" });
            return null;
          }}
        />
      </>
    );
  }

  const scanning = detection.view === "scanning";
  return (
    <>
      <PanelHeader title={t("detect.title")} description={t("detect.subtitle")} />
      <SheetBody className="flex flex-col gap-5">
        <DetectToolbar
          location={location}
          onLocation={onLocation}
          scan={{
            latest: detection.latest,
            loading: detection.stateLoading,
            scanning,
            again: hasScanned(detection.phase, detection.latest),
            onDetect: detect,
          }}
        />
        <DetectionResults
          space={space.space_uuid}
          location={location}
          view={detection.view}
          selection={selection}
          onSelection={onSelection}
          onTryAgain={detect}
        />
      </SheetBody>
      <SheetFooter className="justify-between">
        <span className="text-[13px] text-muted-foreground tabular-nums" aria-live="polite">
          {selection.size > 0 ? t("detect.selected", { count: selection.size }) : null}
        </span>
        <div className="flex items-center gap-2">
          <Button type="button" variant="outline" onClick={cancel}>
            {t("common.cancel")}
          </Button>
          <Button
            type="button"
            disabled={selection.size === 0 || scanning}
            onClick={() => step({ type: "start", devices: [...selection.values()] })}
          >
            {t("detect.add")}
          </Button>
        </div>
      </SheetFooter>
    </>
  );
}

function PanelHeader({ title, description }: { title: string; description: string }) {
  return (
    <SheetHeader>
      <SheetTitle>{title}</SheetTitle>
      <SheetDescription>{description}</SheetDescription>
    </SheetHeader>
  );
}
