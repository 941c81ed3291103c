import { Suspense } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[calc(100dvh-2rem)] max-w-4xl flex-col">
        <DialogHeader>
          <DialogTitle>{t("admin.review.title", { name })}</DialogTitle>
          <DialogDescription>{t("admin.review.text")}</DialogDescription>
        </DialogHeader>
        <div className="h-[60vh] min-h-40 overflow-hidden rounded-md border">
          <Suspense fallback={<EditorSkeleton />}>
            {open && <LazyDiffView original={original} modified={modified} label={t("admin.review.diff")} />}
          </Suspense>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("admin.review.back")}
          </Button>
          <Button onClick={onConfirm} disabled={pending}>
            {t("admin.review.confirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
