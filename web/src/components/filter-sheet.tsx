import { SlidersHorizontalIcon, XIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
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

type FilterSheetProps = {
  /** How many filters are set (search not counted: its box stays in the toolbar). */
  active: number;
  /** The filters, stacked full width in the sheet. */
  children: ReactNode;
  /** Clear, shown when something is set. */
  onClear?: () => void;
  clearLabel?: string;
};

/** On phones a list's filters live in a sheet; its button in the toolbar shows how many are set. */
export function FilterSheet({ active, children, onClear, clearLabel }: FilterSheetProps) {
  const t = useT();
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="outline" className="shrink-0" data-testid="filter-sheet-button">
          <SlidersHorizontalIcon aria-hidden="true" />
          {t("filters.title")}
          {active > 0 && (
            <Badge className="ml-0.5 h-5 min-w-5 justify-center rounded-full px-1.5 tabular-nums">
              {active}
              <span className="sr-only"> {t("filters.active")}</span>
            </Badge>
          )}
        </Button>
      </SheetTrigger>
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
