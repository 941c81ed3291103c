import "@/lib/i18n/locales/en-peripherals";
import "@/lib/i18n/locales/en-commands";
import type { DeviceDetail } from "@contracts/devices/detail";
import { saveDisplayConfiguration } from "@contracts/peripherals/routes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { callApi } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { deviceQueries } from "../queries";
import { classifyFailure } from "../settings/remote-actions";
import { type DisplayDraft, draftOf, isDirty, rebase, toConfigurationInput } from "./display-draft";
import { peripheralQueries } from "./queries";
import { failureMessage, type SaveErrors, savedAlert, saveErrorsOf } from "./save-outcome";

type Device = Pick<DeviceDetail, "uuid" | "space_uuid" | "name" | "displays" | "demo_mode">;

/**
 * The display configuration of ALL displays as one draft over the displays read from
 * GET …/display/configuration/ (under the detail's key, so the room's refresh reads it again; the
 * detail's displays stand in until it answers, and when it fails, with "Failed to fetch
 * displays."). Edits stay on top of newer server states (rebase); Save posts the whole draft,
 * Reset drops it.
 */
export function useDisplayDraft(device: Device) {
  const t = useT();
  const queryClient = useQueryClient();
  const [edited, setEdited] = useState<DisplayDraft | null>(null);
  const [errors, setErrors] = useState<SaveErrors | null>(null);
  const configuration = useQuery(peripheralQueries.displays(device.space_uuid, device.uuid));
  useEffect(() => {
    if (!configuration.isError) return;
    console.error("Loading the display configuration failed", configuration.error);
    showAlert({ type: "error", uuid: `displays-failed-${device.uuid}`, message: t("device.periph.displaysFailed") });
  }, [configuration.isError, configuration.error, device.uuid, t]);
  const base = configuration.data ?? device.displays;
  const draft = useMemo(() => (edited ? rebase(edited, base) : draftOf(base)), [edited, base]);
  const dirty = edited !== null && isDirty(base, draft);

  const save = useMutation({
    mutationFn: (body: DisplayDraft) =>
      callApi(saveDisplayConfiguration, {
        params: { space: device.space_uuid, uuid: device.uuid },
        json: toConfigurationInput(body),
      }),
    onSuccess: (saved) => {
      const key = deviceQueries.detailKey(device.space_uuid, device.uuid);
      queryClient.setQueryData<DeviceDetail>(key, (detail) =>
        detail ? { ...detail, displays: saved.displays } : detail,
      );
      queryClient.setQueryData(peripheralQueries.displaysKey(device.space_uuid, device.uuid), {
        displays: saved.displays,
      });
      setEdited(null);
      setErrors(null);
      showAlert(savedAlert(saved, device.name, t));
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error, body) => {
      console.error("Saving the display configuration failed", error);
      // Stored, and taken by the device whose answer is missing: it may be applied; not a failure.
      if (classifyFailure(error).kind === "outcomeUnknown") {
        setEdited(null);
        setErrors(null);
        showAlert({ type: "warning", duration: 15_000, message: t("device.commands.outcomeUnknown") });
        void queryClient.invalidateQueries({ queryKey: deviceQueries.detailKey(device.space_uuid, device.uuid) });
        return;
      }
      const fields = saveErrorsOf(error, body);
      setErrors(fields);
      showAlert({
        type: "error",
        message: failureMessage(fields, t("device.periph.saveFailed", { name: device.name })),
      });
    },
  });

  return {
    draft,
    dirty,
    errors,
    /** Applies one edit (a pure function of display-draft.ts) to the current draft. */
    change: (edit: (current: DisplayDraft) => DisplayDraft) => {
      setEdited((current) => edit(current ? rebase(current, base) : draftOf(base)));
      setErrors(null);
    },
    reset: () => {
      setEdited(null);
      setErrors(null);
    },
    save: () => save.mutate(draft),
    saving: save.isPending,
    blocked: device.demo_mode,
  };
}

export type DisplayDraftState = ReturnType<typeof useDisplayDraft>;
