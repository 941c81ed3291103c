import type { Role } from "@contracts/space";
import { LoaderCircleIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { useT } from "@/lib/i18n";
import { RoleSelect } from "./role-select";
import type { AccountAction } from "./row-actions";
import { useUpdateAccount } from "./use-update-account";

type ActionDialogsProps = {
  space: string;
  roles: readonly Role[];
  action: AccountAction | null;
  onDone: () => void;
};

/** The confirmation of a row action: a role picker, or "disable/enable {email}?". */
export function ActionDialogs({ space, roles, action, onDone }: ActionDialogsProps) {
  const t = useT();
  const id = useId();
  const update = useUpdateAccount(space);
  const [role, setRole] = useState("");
  const account = action?.account;
  const currentRole = account?.roles[0]?.uuid ?? "";
  const chosenRole = role || currentRole;

  const close = () => {
    setRole("");
    onDone();
  };
  const confirm = () => {
    if (!action || !account) return;
    const patch =
      action.kind === "role"
        ? { role_uuid: chosenRole }
        : { status: action.kind === "disable" ? ("disabled" as const) : ("active" as const) };
    update.mutate({ account_uuid: account.account_uuid, ...patch }, { onSuccess: close });
  };

  const titles = {
    role: t("accounts.changeRole.title"),
    disable: t("accounts.disable.title"),
    enable: t("accounts.enable.title"),
  } as const;
  const texts = {
    role: t("accounts.changeRole.text", { email: account?.email ?? "" }),
    disable: t("accounts.disable.text", { email: account?.email ?? "" }),
    enable: t("accounts.enable.text", { email: account?.email ?? "" }),
  } as const;

  return (
    <Dialog open={action !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-w-sm">
        {action && (
          <>
            <DialogHeader>
              <DialogTitle>{titles[action.kind]}</DialogTitle>
              <DialogDescription>{texts[action.kind]}</DialogDescription>
            </DialogHeader>
            {action.kind === "role" && (
              <RoleSelect
                id={`${id}-role`}
                label={t("accounts.col.role")}
                roles={roles}
                value={chosenRole}
                onChange={setRole}
              />
            )}
            <DialogFooter>
              <Button variant="outline" onClick={close}>
                {t("common.cancel")}
              </Button>
              <Button
                variant={action.kind === "disable" ? "destructive" : "default"}
                onClick={confirm}
                disabled={update.isPending || (action.kind === "role" && chosenRole === currentRole)}
                aria-busy={update.isPending}
              >
                {update.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
                {action.kind === "role"
                  ? t("common.save")
                  : action.kind === "disable"
                    ? t("accounts.disable")
                    : t("accounts.enable")}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
