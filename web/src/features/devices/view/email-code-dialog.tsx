import type { InstallationCodeEmailInput } from "@contracts/installation";
import { LoaderCircleIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onSend({ email_address: address.trim(), email_message: message.trim() || null });
          }}
        >
          <DialogHeader>
            <DialogTitle>{t("device.code.emailTitle")}</DialogTitle>
            <DialogDescription>{t("device.code.emailText")}</DialogDescription>
          </DialogHeader>
          <FormField id="code-email" label={t("device.code.emailAddress")}>
            <Input id="code-email" type="email" value={address} onChange={(e) => setAddress(e.target.value)} />
          </FormField>
          <FormField id="code-message" label={t("device.code.emailMessage")} count={message.length} max={1000}>
            <Textarea id="code-message" rows={3} value={message} onChange={(e) => setMessage(e.target.value)} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={!address.trim() || pending}>
              {pending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
              {t("device.code.send")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
