import "@/lib/locales/en-accounts";
import type { AccountRow } from "@contracts/account";
import { EllipsisIcon, UserCheckIcon, UserCogIcon, UserXIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useT } from "@/lib/i18n";

export type AccountAction = { kind: "role" | "disable" | "enable"; account: AccountRow };

/** An Admin's actions on one row: change role, disable or enable (each confirmed in a dialog). */
export function RowActions({ account, onAction }: { account: AccountRow; onAction: (action: AccountAction) => void }) {
  const t = useT();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={t("accounts.actions", { email: account.email })}>
          <EllipsisIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
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
