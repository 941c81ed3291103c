import "@/lib/i18n/locales/en-admin";
import { Suspense } from "react";
import { FormDialog } from "@/components/form-dialog";
import { useT } from "@/lib/i18n";
import { EditorSkeleton, LazyDiffView } from "./lazy-editor";

type ReviewProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
  original: string;
  modified: string;
  pending: boolean;
  onConfirm: () => void;
};

/** Before a Save: the change as a diff of the saved document and the edited one. */
export function ReviewDialog({ open, onOpenChange, name, original, modified, pending, onConfirm }: ReviewProps) {
  const t = useT();
  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      className="flex max-h-[calc(100dvh-2rem)] max-w-4xl flex-col"
      title={t("admin.review.title", { name })}
      description={t("admin.review.text")}
      cancelLabel={t("admin.review.back")}
      label={t("admin.review.confirm")}
      pending={pending}
      onConfirm={onConfirm}
    >
      <div className="h-[60vh] min-h-40 overflow-hidden rounded-md border">
        <Suspense fallback={<EditorSkeleton />}>
          {open && <LazyDiffView original={original} modified={modified} label={t("admin.review.diff")} />}
        </Suspense>
      </div>
    </FormDialog>
  );
}
