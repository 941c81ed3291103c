import { UserPlusIcon, UsersIcon } from "lucide-react";
import { Link, Outlet } from "react-router";
import { ShellHeader } from "@/app/shells/shell-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { useCurrentSpace } from "@/features/session/current-space";
import { useT } from "@/lib/i18n";

/** /accounts — the accounts table arrives with the accounts issue; /accounts/inviteUser opens the flyout. */
export function AccountsPage() {
  const t = useT();
  const { space } = useCurrentSpace();
  return (
    <div className="flex h-full flex-col">
      <ShellHeader
        crumbs={[space.space_name, t("nav.accounts")]}
        actions={
          <Button asChild size="sm">
            <Link to="/accounts/inviteUser">
              <UserPlusIcon aria-hidden="true" />
              {t("accounts.invite")}
            </Link>
          </Button>
        }
      />
      <div className="min-h-0 flex-1 overflow-y-auto border-t p-6">
        <EmptyState
          icon={UsersIcon}
          title={t("accounts.empty.title")}
          description={t("accounts.empty.text")}
          className="rounded-lg border border-dashed"
        />
      </div>
      <Outlet />
    </div>
  );
}
