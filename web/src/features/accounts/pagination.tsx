import "@/lib/i18n/locales/en-accounts";
import { ACCOUNT_PAGE_SIZES } from "@contracts/accounts/values";
import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { useT } from "@/lib/i18n";
import { pageWindow } from "./page-window";

type PaginationProps = {
  page: number;
  pages: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  /** The page-size choices; null hides the choice (a fixed page, e.g. a compact view). */
  sizes?: readonly number[] | null;
};

/** Rows per page (5/10/15/20), the range shown, previous/next and up to 10 page buttons. */
export function Pagination({
  page,
  pages,
  pageSize,
  total,
  onPage,
  onPageSize,
  sizes = ACCOUNT_PAGE_SIZES,
}: PaginationProps) {
  const t = useT();
  const id = useId();
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label={t("pagination.label")}
      className="flex flex-wrap items-center justify-between gap-3 border-t px-3 py-2.5 text-[13px]"
    >
      <div className="flex items-center gap-2 text-muted-foreground">
        {sizes && (
          <>
            <label htmlFor={`${id}-size`}>{t("pagination.rowsPerPage")}</label>
            <NativeSelect
              id={`${id}-size`}
              value={pageSize}
              onChange={(event) => onPageSize(Number(event.target.value))}
              className="w-18 [&_select]:h-8"
            >
              {sizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </NativeSelect>
          </>
        )}
        <span className={sizes ? "ml-2 tabular-nums" : "tabular-nums"}>
          {t("pagination.range", { from, to, total })}
        </span>
      </div>
      <div className="flex items-center gap-1">
        <Button
          variant="ghost"
          size="icon-sm"
          onClick={() => onPage(page - 1)}
          disabled={page <= 1}
          aria-label={t("pagination.previous")}
        >
          <ChevronLeftIcon aria-hidden="true" />
        </Button>
        {pageWindow(page, pages).map((n) => (
          <Button
            key={n}
            variant={n === page ? "secondary" : "ghost"}
            size="icon-sm"
            className="tabular-nums"
            aria-current={n === page ? "page" : undefined}
            aria-label={t("pagination.page", { page: n })}
            onClick={() => onPage(n)}
          >
            {n}
          </Button>
        ))}
        <Button
          variant="ghost"
          size="icon-sm"
          onClick={() => onPage(page + 1)}
          disabled={page >= pages}
          aria-label={t("pagination.next")}
        >
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
