import { Trash2Icon } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";

/**
 * A flyout's Delete button behind a confirmation naming what goes: `onDelete` gets `done`, to
 * call once the deletion succeeded (the dialog closes then; on failure it stays open).
 */
export function DeleteButton({
  title,
  description,
  pending,
  onDelete,
}: {
  title: string;
  description: string;
  pending: boolean;
  onDelete: (done: () => void) => void;
}) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="text-destructive hover:text-destructive"
        onClick={() => setConfirming(true)}
      >
        <Trash2Icon aria-hidden="true" />
        {t("common.delete")}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={title}
        description={description}
        confirmLabel={t("common.delete")}
        cancelLabel={t("common.cancel")}
        pending={pending}
        onConfirm={() => onDelete(() => setConfirming(false))}
      />
    </>
  );
}
