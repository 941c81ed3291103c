import { LoaderCircleIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { SheetFooter } from "@/components/ui/sheet";
import { useT } from "@/lib/i18n";

type FormFooterProps = {
  onCancel: () => void;
  /** The submit button's text (Save, Add …). */
  label: string;
  /** A save is under way: the submit button spins (and is disabled). */
  pending: boolean;
  /** Submit is not possible yet (nothing changed, a required choice missing …). */
  disabled?: boolean;
};

/** A sheet form's Cancel and submit buttons, the submit one spinning while the save runs. */
export function FormFooter({ onCancel, label, pending, disabled = false }: FormFooterProps) {
  const t = useT();
  return (
    <SheetFooter>
      <Button variant="outline" onClick={onCancel}>
        {t("common.cancel")}
      </Button>
      <Button type="submit" disabled={pending || disabled}>
        {pending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
        {label}
      </Button>
    </SheetFooter>
  );
}
