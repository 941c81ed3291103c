import "@/lib/i18n/locales/en-accounts";
import type { Role } from "@contracts/spaces/schema";
import { LoaderCircleIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { useT } from "@/lib/i18n";
import { defaultInviteRole } from "./default-role";
import { EmailChipsInput } from "./email-chips-input";
import { addEmails, splitEmails } from "./parse-emails";
import { RoleSelect } from "./role-select";

/** One row of the form: its e-mails share the row's role. */
export type InviteRowValue = { id: string; emails: string[]; role_uuid: string };
type RowState = InviteRowValue & { draft: string };

const newRow = (role_uuid: string): RowState => ({ id: crypto.randomUUID(), emails: [], draft: "", role_uuid });

type InviteFormProps = {
  roles: readonly Role[];
  pending: boolean;
  /** Messages per row id (e.g. the server's "User is already a member of this space."). */
  rowErrors: Record<string, string[]>;
  onSubmit: (rows: InviteRowValue[]) => void;
};

/**
 * console.md §2.10/§5 invite form: rows of e-mail chips + a role (default: the least privileged),
 * delete row, Add another, Invite users; Enter submits. Text still being typed counts.
 */
export function InviteForm({ roles, pending, rowErrors, onSubmit }: InviteFormProps) {
  const t = useT();
  const id = useId();
  const defaultRole = defaultInviteRole(roles);
  const [rows, setRows] = useState<RowState[]>(() => [newRow(defaultRole)]);
  const update = (rowId: string, patch: Partial<RowState>) =>
    setRows((current) => current.map((row) => (row.id === rowId ? { ...row, ...patch } : row)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = rows.map(({ id: rowId, emails, draft, role_uuid }) => ({
      id: rowId,
      emails: addEmails(emails, splitEmails(draft)),
      role_uuid: role_uuid || defaultRole,
    }));
    setRows((current) => current.map((row, i) => ({ ...row, emails: values[i].emails, draft: "" })));
    onSubmit(values);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <ul className="flex flex-col gap-3">
        {rows.map((row, index) => {
          const errors = rowErrors[row.id] ?? [];
          const errorId = `${id}-${row.id}-error`;
          return (
            <li key={row.id} className="rounded-lg border bg-card p-3 shadow-xs" data-testid="invite-row">
              <div className="grid grid-cols-[1fr_11rem_auto] items-start gap-2">
                <div className="grid min-w-0 gap-1.5">
                  <Label htmlFor={`${id}-${row.id}-emails`}>{t("invite.emails", { n: index + 1 })}</Label>
                  <EmailChipsInput
                    id={`${id}-${row.id}-emails`}
                    chips={row.emails}
                    draft={row.draft}
                    onChange={(emails, draft) => update(row.id, { emails, draft })}
                    invalid={errors.length > 0}
                    describedBy={errors.length ? errorId : undefined}
                    autoFocus={index === 0}
                  />
                </div>
                <RoleSelect
                  id={`${id}-${row.id}-role`}
                  label={t("invite.role")}
                  roles={roles}
                  value={row.role_uuid || defaultRole}
                  onChange={(role_uuid) => update(row.id, { role_uuid })}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  className="mt-[21px]"
                  onClick={() => setRows((current) => current.filter((r) => r.id !== row.id))}
                  disabled={rows.length === 1}
                  aria-label={t("invite.deleteRow", { n: index + 1 })}
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </div>
              {errors.length > 0 && (
                <ul id={errorId} className="mt-2 flex flex-col gap-0.5 text-xs text-destructive">
                  {errors.map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-muted-foreground">{t("invite.hint")}</p>
      <div className="flex items-center justify-between gap-2">
        <Button variant="outline" size="sm" onClick={() => setRows((current) => [...current, newRow(defaultRole)])}>
          <PlusIcon aria-hidden="true" />
          {t("invite.addAnother")}
        </Button>
        <Button
          type="submit"
          disabled={pending || roles.length === 0}
          aria-busy={pending}
          // The e-mail field keeps the focus on a press: its blur would turn the typed text into a chip,
          // the row would grow and move this button from under the pointer, and the click would be lost.
          // The text still being typed is sent all the same.
          onMouseDown={(event) => event.preventDefault()}
        >
          {pending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
          {t("invite.submit")}
        </Button>
      </div>
    </form>
  );
}
