import "@/lib/i18n/locales/en-device";
import type { InstallationCodeEmailInput } from "@contracts/installation/schema";
import { useState } from "react";
import { FormDialog } from "@/components/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useT } from "@/lib/i18n";

type EmailCodeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onSend: (input: InstallationCodeEmailInput) => void;
};

/** Sends the installation code by e-mail (devices.md §5: the address has no client validation). */
export function EmailCodeDialog({ open, onOpenChange, pending, onSend }: EmailCodeDialogProps) {
  const t = useT();
  const [address, setAddress] = useState("");
  const [message, setMessage] = useState("");
  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      className="max-w-md"
      form
      title={t("device.code.emailTitle")}
      description={t("device.code.emailText")}
      label={t("device.code.send")}
      pending={pending}
      disabled={!address.trim()}
      onConfirm={() => onSend({ email_address: address.trim(), email_message: message.trim() || null })}
    >
      <FormField id="code-email" label={t("device.code.emailAddress")}>
        <Input id="code-email" type="email" value={address} onChange={(e) => setAddress(e.target.value)} />
      </FormField>
      <FormField id="code-message" label={t("device.code.emailMessage")} count={message.length} max={1000}>
        <Textarea id="code-message" rows={3} value={message} onChange={(e) => setMessage(e.target.value)} />
      </FormField>
    </FormDialog>
  );
}
