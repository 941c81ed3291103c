import "@/lib/i18n/locales/en-assets";
import { SearchXIcon, ShieldOffIcon, TriangleAlertIcon } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { SheetBody } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";

const FIELD_KEYS = Array.from({ length: 10 }, (_, i) => `f${i}`);

/** The two shapes of a location flyout's fields: a form's inputs, or the view's facts. */
const FIELD_SHAPES = {
  form: { count: 10, grid: "sm:grid-cols-2", field: "gap-2", label: "w-20", value: "h-9 w-full" },
  facts: { count: 8, grid: "grid-cols-2", field: "gap-1.5", label: "w-16", value: "h-4 w-32" },
} as const;

/** Placeholder fields (label over value) with the map's placeholder beside them. */
function FieldsBesideMap({ shape }: { shape: keyof typeof FIELD_SHAPES }) {
  const { count, grid, field, label, value } = FIELD_SHAPES[shape];
  return (
    <>
      <div className={cn("grid content-start gap-4", grid)}>
        {FIELD_KEYS.slice(0, count).map((key) => (
          <div key={key} className={cn("flex flex-col", field)}>
            <Skeleton className={cn("h-3", label)} />
            <Skeleton className={value} />
          </div>
        ))}
      </div>
      <Skeleton className="h-[278px] w-full" />
    </>
  );
}

/** The form's shape while its settings load. */
export function FormSkeleton() {
  const t = useT();
  return (
    <SheetBody role="status" aria-label={t("common.loading")} className="grid gap-8 lg:grid-cols-2">
      <FieldsBesideMap shape="form" />
    </SheetBody>
  );
}

/** The general tab's shape while the location loads. */
export function GeneralSkeleton() {
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <FieldsBesideMap shape="facts" />
    </div>
  );
}

type PanelMessageProps = { kind: "error" | "denied" | "missing"; text?: string };

/** What a flyout shows instead of its content: a load error, a missing record, or no access. */
export function PanelMessage({ kind, text }: PanelMessageProps) {
  const t = useT();
  const shown = {
    error: { icon: TriangleAlertIcon, title: t("location.loadFailed"), text: text ?? "" },
    denied: { icon: ShieldOffIcon, title: t("locations.denied.title"), text: t("locations.denied.text") },
    missing: { icon: SearchXIcon, title: t("location.notFound"), text: text ?? "" },
  }[kind];
  return (
    <SheetBody>
      <EmptyState icon={shown.icon} title={shown.title} description={shown.text} />
    </SheetBody>
  );
}

/** A flyout whose location (or group) did not load: "not found" (with `notFoundText`) for a 404, else the error's message. */
export function PanelLoadFailed({ error, notFoundText }: { error: Error; notFoundText?: string }) {
  const missing = error instanceof ApiError && error.status === 404;
  return <PanelMessage kind={missing ? "missing" : "error"} text={missing ? notFoundText : error.message} />;
}
