import { SearchXIcon, ShieldOffIcon, TriangleAlertIcon } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { SheetBody } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api";
import { useT } from "@/lib/i18n";

const FIELDS = Array.from({ length: 10 }, (_, i) => `f${i}`);

/** The form's shape while its settings load. */
export function FormSkeleton() {
  const t = useT();
  return (
    <SheetBody role="status" aria-label={t("common.loading")} className="grid gap-8 lg:grid-cols-2">
      <div className="grid content-start gap-4 sm:grid-cols-2">
        {FIELDS.map((key) => (
          <div key={key} className="flex flex-col gap-2">
            <Skeleton className="h-3 w-20" />
            <Skeleton className="h-9 w-full" />
          </div>
        ))}
      </div>
      <Skeleton className="h-[278px] w-full" />
    </SheetBody>
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

/** A flyout whose location did not load: "not found" for a 404, else the error's message. */
export function PanelLoadFailed({ error }: { error: Error }) {
  const missing = error instanceof ApiError && error.status === 404;
  return <PanelMessage kind={missing ? "missing" : "error"} text={missing ? undefined : error.message} />;
}
