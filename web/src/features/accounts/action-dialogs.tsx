import "@/lib/i18n/locales/en-accounts";
import type { Role } from "@contracts/spaces/schema";
import { useId, useState } from "react";
import { FormDialog } from "@/components/form-dialog";
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
  // While the dialog closes (action null) it keeps showing the last action.
  const [shown, setShown] = useState(action);
  if (action && action !== shown) setShown(action);
  const kind = shown?.kind ?? "role";
  const account = shown?.account;
  const currentRole = account?.roles[0]?.uuid ?? "";
  const chosenRole = role || currentRole;

  const close = () => {
    setRole("");
    onDone();
  };
  const confirm = () => {
    if (!action) return;
    const patch =
      action.kind === "role"
        ? { role_uuid: chosenRole }
        : { status: action.kind === "disable" ? ("disabled" as const) : ("active" as const) };
    update.mutate({ account_uuid: action.account.account_uuid, ...patch }, { onSuccess: close });
  };

  const email = account?.email ?? "";
  const titles = {
    role: t("accounts.changeRole.title"),
    disable: t("accounts.disable.title"),
    enable: t("accounts.enable.title"),
  } as const;
  const texts = {
    role: t("accounts.changeRole.text", { email }),
    disable: t("accounts.disable.text", { email }),
    enable: t("accounts.enable.text", { email }),
  } as const;
  const labels = { role: t("common.save"), disable: t("accounts.disable"), enable: t("accounts.enable") } as const;

  return (
    <FormDialog
      open={action !== null}
      onClose={close}
      className="max-w-sm"
      title={titles[kind]}
      description={texts[kind]}
      label={labels[kind]}
      destructive={kind === "disable"}
      pending={update.isPending}
      disabled={kind === "role" && chosenRole === currentRole}
      onConfirm={confirm}
    >
      {kind === "role" && (
        <RoleSelect
          id={`${id}-role`}
          label={t("accounts.col.role")}
          roles={roles}
          value={chosenRole}
          onChange={setRole}
        />
      )}
    </FormDialog>
  );
}
