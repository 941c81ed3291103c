import { LoaderCircleIcon, SearchXIcon, TriangleAlertIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { EmptyState } from "@/components/ui/empty-state";
import { SheetBody, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { type TabLink, TabLinks } from "@/components/ui/tabs";
import { ApiError } from "@/lib/api/api";

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
      <FlyoutFailedHeader title={title} uuid={uuid} />
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

/** The header of a flyout whose record did not load: its title over the record's uuid. */
export function FlyoutFailedHeader({ title, uuid }: { title: string; uuid: string }) {
  return (
    <SheetHeader>
      <SheetTitle>{title}</SheetTitle>
      <SheetDescription className="font-mono text-xs">{uuid}</SheetDescription>
    </SheetHeader>
  );
}

type FlyoutTabsHeaderProps = {
  /** The title row (name, badges, actions). */
  children: ReactNode;
  description: ReactNode;
  tabs: readonly TabLink[];
  tabsLabel: string;
  /** The tabs replace the history entry and keep its state (where the flyout returns to). */
  keepHistory?: boolean;
};

/** A record flyout's header: the title row, a line about the record, then its tabs. */
export function FlyoutTabsHeader({
  children,
  description,
  tabs,
  tabsLabel,
  keepHistory = false,
}: FlyoutTabsHeaderProps) {
  const here = useLocation();
  return (
    <SheetHeader className="gap-2 pb-0">
      {children}
      <SheetDescription>{description}</SheetDescription>
      <TabLinks
        tabs={tabs}
        label={tabsLabel}
        state={keepHistory ? here.state : undefined}
        replace={keepHistory || undefined}
        className="-mx-6 mt-1 border-b-0 px-6"
      />
    </SheetHeader>
  );
}
