import { LoaderCircleIcon, SearchXIcon, TriangleAlertIcon } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { SheetBody, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { ApiError } from "@/lib/api";

/** A flyout while its record loads: a spinner, named `label` (the title for screen readers). */
export function FlyoutLoading({ label, uuid }: { label: string; uuid: string }) {
  return (
    <>
      <SheetHeader>
        <SheetTitle className="sr-only">{label}</SheetTitle>
        <SheetDescription className="sr-only">{uuid}</SheetDescription>
      </SheetHeader>
      <SheetBody className="flex items-center justify-center">
        <LoaderCircleIcon role="status" aria-label={label} className="size-8 animate-spin text-muted-foreground" />
      </SheetBody>
    </>
  );
}

type FlyoutLoadFailedProps = {
  title: string;
  uuid: string;
  error: Error | null;
  /** The headline, and the text for a 404 (other errors show their own message). */
  failedText: string;
  notFoundText: string;
};

/** A flyout whose record did not load: its title and uuid over "not found" or the error. */
export function FlyoutLoadFailed({ title, uuid, error, failedText, notFoundText }: FlyoutLoadFailedProps) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <>
      <SheetHeader>
        <SheetTitle>{title}</SheetTitle>
        <SheetDescription className="font-mono text-xs">{uuid}</SheetDescription>
      </SheetHeader>
      <SheetBody>
        <EmptyState
          icon={missing ? SearchXIcon : TriangleAlertIcon}
          title={failedText}
          description={missing ? notFoundText : (error?.message ?? "")}
        />
      </SheetBody>
    </>
  );
}
