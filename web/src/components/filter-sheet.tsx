import { XIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import type { LazyMenuProps } from "@/components/lazy-menu";
import { Button } from "@/components/ui/button";
import {
  Sheet,
  SheetBody,
  SheetClose,
  SheetContent,
  SheetFooter,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from "@/components/ui/sheet";
import { useT } from "@/lib/i18n";

export type FilterSheetProps = {
  /** How many filters are set (search not counted: its box stays in the toolbar). */
  active: number;
  /** The filters, stacked full width in the sheet. */
  children: ReactNode;
  /** Clear, shown when something is set. */
  onClear?: () => void;
  clearLabel?: string;
};

/**
 * On phones a list's filters live in a sheet (loaded by LazyMenu after the first render; its
 * button, with how many filters are set, is FilterSheetButton).
 */
export default function FilterSheet({
  trigger,
  defaultOpen,
  active,
  children,
  onClear,
  clearLabel,
}: FilterSheetProps & LazyMenuProps) {
  const t = useT();
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent aria-describedby={undefined}>
        <SheetHeader>
          <SheetTitle>{t("filters.title")}</SheetTitle>
        </SheetHeader>
        <SheetBody className="flex flex-col gap-3 [&_[role=combobox]]:h-10 [&_[role=combobox]]:w-full">
          {children}
        </SheetBody>
        <SheetFooter>
          {onClear && active > 0 && (
            <Button variant="ghost" onClick={onClear} className="mr-auto">
              <XIcon aria-hidden="true" />
              {clearLabel}
            </Button>
          )}
          <SheetClose asChild>
            <Button>{t("filters.done")}</Button>
          </SheetClose>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
