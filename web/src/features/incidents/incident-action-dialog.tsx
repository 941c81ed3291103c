import "@/lib/i18n/locales/en-incidents";
import type { Incident } from "@contracts/alerting/schema";
import { CheckCheckIcon, CheckIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { FormAlert } from "@/components/form-alert";
import { FormDialog } from "@/components/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { useCurrentSpace } from "@/features/session/current-space";
import { ApiError } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { type IncidentActionKind, useIncidentAction } from "./queries";

export type IncidentActionRequest = { kind: IncidentActionKind; incident: Incident } | null;

/** The note's limit (contracts/alerting/schema.ts IncidentAction). */
const NOTE_MAX = 1000;

/**
 * Acknowledge or resolve an incident with an optional note. The note has focus when it opens;
 * Ctrl/⌘+Enter confirms from inside it, Esc closes. A success is a toast; a refusal (409: it was
 * resolved meanwhile) stays in the dialog.
 */
export function IncidentActionDialog({ request, onClose }: { request: IncidentActionRequest; onClose: () => void }) {
  const t = useT();
  const id = useId();
  const { space } = useCurrentSpace();
  const action = useIncidentAction(space.space_uuid);
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const open = request !== null;
  const kind = request?.kind ?? "acknowledge";
  // The button that opened the dialog, read when a request arrives (before the dialog takes the
  // focus): acknowledging removes it, so the focus then goes to the incident's Resolve button.
  const opened = useRef<{ request: IncidentActionRequest; trigger: Element | null; uuid: string }>(null);
  if (request && opened.current?.request !== request)
    opened.current = { request, trigger: document.activeElement, uuid: request.incident.uuid };
  useEffect(() => {
    if (open) {
      setNote("");
      setFailure(null);
    }
  }, [open]);
  const returnFocus = (event: Event) => {
    const from = opened.current;
    if (!from || from.trigger?.isConnected) return;
    event.preventDefault();
    const scope = document.querySelector('[role="dialog"][data-state="open"]') ?? document;
    scope.querySelector<HTMLElement>(`[data-resolve-for="${from.uuid}"]`)?.focus();
  };
  const names = { rule: request?.incident.rule.name ?? "", location: request?.incident.location.name ?? "" };
  const confirm = () => {
    if (!request || action.isPending) return;
    setFailure(null);
    action.mutate(
      { kind, uuid: request.incident.uuid, note },
      {
        onSuccess: () => {
          showAlert({
            type: "success",
            message: t(kind === "acknowledge" ? "incidents.action.acknowledged" : "incidents.action.resolved", {
              location: names.location,
            }),
          });
          onClose();
        },
        onError: (error) =>
          setFailure(
            error instanceof ApiError && (error.status === 409 || error.status === 400 || error.status === 403)
              ? t("incidents.action.conflict", { message: error.message })
              : t("common.unexpectedError"),
          ),
      },
    );
  };
  return (
    <FormDialog
      open={open}
      onClose={() => !action.isPending && onClose()}
      form
      title={t(kind === "acknowledge" ? "incidents.action.ackTitle" : "incidents.action.resolveTitle")}
      description={t(kind === "acknowledge" ? "incidents.action.ackText" : "incidents.action.resolveText", names)}
      label={t(kind === "acknowledge" ? "incidents.acknowledge" : "incidents.resolve")}
      icon={kind === "acknowledge" ? <CheckIcon aria-hidden="true" /> : <CheckCheckIcon aria-hidden="true" />}
      pending={action.isPending}
      onConfirm={confirm}
      onCloseAutoFocus={returnFocus}
      className="sm:max-w-lg"
    >
      <div className="grid gap-3">
        <FormAlert message={failure} />
        <FormField id={`${id}-note`} label={t("incidents.action.note")} count={note.length} max={NOTE_MAX}>
          <Textarea
            id={`${id}-note`}
            value={note}
            maxLength={NOTE_MAX}
            autoFocus
            rows={3}
            placeholder={t("incidents.action.notePlaceholder")}
            onChange={(event) => setNote(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                confirm();
              }
            }}
          />
        </FormField>
      </div>
    </FormDialog>
  );
}
