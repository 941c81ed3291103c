import "@/lib/i18n/locales/en-accounts";
import type { AccountRow } from "@contracts/accounts/schema";
import { EllipsisIcon } from "lucide-react";
import { LazyMenu } from "@/components/lazy-menu";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";

export type AccountAction = { kind: "role" | "disable" | "enable"; account: AccountRow };

const loadItems = () => import("./row-actions-items");

/**
 * An Admin's actions on one row: change role, disable or enable (each confirmed in a dialog). The
 * menu loads after the list's first render (row-actions-items.tsx, components/lazy-menu.tsx).
 */
export function RowActions({ account, onAction }: { account: AccountRow; onAction: (action: AccountAction) => void }) {
  const t = useT();
  return (
    <LazyMenu
      load={loadItems}
      props={{ account, onAction }}
      trigger={
        <Button variant="ghost" size="icon-sm" aria-label={t("accounts.actions", { email: account.email })}>
          <EllipsisIcon aria-hidden="true" />
        </Button>
      }
    />
  );
}
