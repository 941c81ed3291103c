import { LoaderCircleIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { SheetFooter } from "@/components/ui/sheet";
import { useT } from "@/lib/i18n";

export type FormButtonsProps = {
  onCancel: () => void;
  /** Cancel's text; "Cancel" unless told. */
  cancelLabel?: string;
  /** The submit button's text (Save, Add …). */
  label: ReactNode;
  /** A save is under way: the submit button spins (and is disabled). */
  pending: boolean;
  /** Submit is not possible yet (nothing changed, a required choice missing …). */
  disabled?: boolean;
  /** Without it the button submits the form around it; with it a click calls it. */
  onConfirm?: () => void;
  /** The action cannot be undone (disable, reboot …): a red button. */
  destructive?: boolean;
  /** Shown before the label while no save runs (the spinner takes its place). */
  icon?: ReactNode;
  /** The id of a hint that describes the submit button. */
  describedBy?: string;
};

/** A form's Cancel and submit buttons, the submit one spinning while the save runs. */
export function FormButtons(props: FormButtonsProps) {
  const { onCancel, cancelLabel, label, pending, disabled = false, onConfirm, destructive, icon, describedBy } = props;
  const t = useT();
  return (
    <>
      <Button variant="outline" onClick={onCancel}>
        {cancelLabel ?? t("common.cancel")}
      </Button>
      <Button
        type={onConfirm ? "button" : "submit"}
        variant={destructive ? "destructive" : "default"}
        onClick={onConfirm}
        disabled={pending || disabled}
        aria-busy={pending || undefined}
        aria-describedby={describedBy}
      >
        {pending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : icon}
        {label}
      </Button>
    </>
  );
}

type FormFooterProps = Pick<FormButtonsProps, "onCancel" | "label" | "pending" | "disabled">;

/** A sheet form's Cancel and submit buttons, the submit one spinning while the save runs. */
export function FormFooter(props: FormFooterProps) {
  return (
    <SheetFooter>
      <FormButtons {...props} />
    </SheetFooter>
  );
}
