import "@/lib/i18n/locales/en-accounts";
import type { AccountRow } from "@contracts/accounts/schema";
import { UserCheckIcon, UserCogIcon, UserXIcon } from "lucide-react";
import type { LazyMenuProps } from "@/components/lazy-menu";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useT } from "@/lib/i18n";

import type { AccountAction } from "./row-actions";

/** An Admin's actions on one row (loaded after the list's first render: row-actions.tsx). */
export default function RowActionItems({
  account,
  onAction,
  trigger,
  defaultOpen,
}: { account: AccountRow; onAction: (action: AccountAction) => void } & LazyMenuProps) {
  const t = useT();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onAction({ kind: "role", account })}>
          <UserCogIcon aria-hidden="true" />
          {t("accounts.changeRole")}
        </DropdownMenuItem>
        {account.status === "disabled" ? (
          <DropdownMenuItem onSelect={() => onAction({ kind: "enable", account })}>
            <UserCheckIcon aria-hidden="true" />
            {t("accounts.enable")}
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem
            onSelect={() => onAction({ kind: "disable", account })}
            className="text-destructive focus:text-destructive [&_svg]:text-destructive"
          >
            <UserXIcon aria-hidden="true" />
            {t("accounts.disable")}
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
