import "@/lib/i18n/locales/en-accounts";
import type { AccountSummary } from "@contracts/accounts/schema";
import { type LucideIcon, ShieldCheckIcon, UsersIcon, UserXIcon, WifiIcon } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton";
import { type MessageKey, useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";

const cards: { key: keyof AccountSummary; label: MessageKey; icon: LucideIcon; tone: string }[] = [
  { key: "total", label: "accounts.summary.total", icon: UsersIcon, tone: "text-primary bg-primary/10" },
  { key: "admins", label: "accounts.summary.admins", icon: ShieldCheckIcon, tone: "text-info bg-info/10" },
  { key: "online", label: "accounts.summary.online", icon: WifiIcon, tone: "text-success bg-success/10" },
  { key: "disabled", label: "accounts.summary.disabled", icon: UserXIcon, tone: "text-destructive bg-destructive/10" },
];

/** console.md §2.10 summary cards: total, admins, online, disabled (the whole space). */
export function SummaryCards({ summary }: { summary: AccountSummary | undefined }) {
  const t = useT();
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={t("accounts.summary.label")}>
      {cards.map(({ key, label, icon: Icon, tone }) => (
        <li key={key} className="flex items-center gap-3 rounded-lg border bg-card px-4 py-3 shadow-xs">
          <span className={cn("flex size-9 shrink-0 items-center justify-center rounded-md", tone)}>
            <Icon className="size-[18px]" aria-hidden="true" />
          </span>
          <span className="min-w-0">
            <span className="block text-xs text-muted-foreground">{t(label)}</span>
            {summary ? (
              <span className="block text-xl leading-7 font-semibold tabular-nums" data-testid={`summary-${key}`}>
                {summary[key]}
              </span>
            ) : (
              <Skeleton className="my-1 h-5 w-10" />
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
