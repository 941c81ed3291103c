import "@/lib/i18n/locales/en-alerting";
import type { LucideIcon } from "lucide-react";
import { PlusIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";

type SettingsSectionProps = {
  icon: LucideIcon;
  title: string;
  text: string;
  /** Admins add; others read (and are told why there is no button). */
  addLabel?: string;
  onAdd?: () => void;
  readOnly: boolean;
  failed: boolean;
  children: ReactNode;
};

/** A card with a title, what it is for, an add button, and its list. */
export function SettingsSection(props: SettingsSectionProps) {
  const { icon: Icon, title, text, addLabel, onAdd, readOnly, failed, children } = props;
  const t = useT();
  return (
    <section aria-label={title} className="overflow-hidden rounded-lg border bg-card shadow-xs">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b px-4 py-3">
        <div className="flex min-w-0 flex-1 items-start gap-2.5">
          <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <div className="min-w-0">
            <h2 className="text-sm font-semibold">{title}</h2>
            <p className="max-w-3xl text-xs text-muted-foreground">{text}</p>
            {readOnly && <p className="mt-1 text-xs text-muted-foreground italic">{t("alerting.adminOnly")}</p>}
          </div>
        </div>
        {!readOnly && onAdd && addLabel && (
          <Button size="sm" onClick={onAdd}>
            <PlusIcon aria-hidden="true" />
            {addLabel}
          </Button>
        )}
      </div>
      {children}
      {failed && (
        <p role="alert" className="border-t px-4 py-2 text-sm text-destructive">
          {t("alerting.loadFailed")}
        </p>
      )}
    </section>
  );
}

/** A page of the alerting settings: its sections, one under the other. */
export function SettingsPage({ children }: { children: ReactNode }) {
  return <div className="flex max-w-6xl flex-col gap-6 p-4 md:p-6">{children}</div>;
}
