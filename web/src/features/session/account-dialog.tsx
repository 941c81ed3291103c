import { LogOutIcon } from "lucide-react";
import { useState } from "react";
import type { LazyMenuProps } from "@/components/lazy-menu";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Separator } from "@/components/ui/separator";
import { Tooltip } from "@/components/ui/tooltip";
import { languages, useI18n } from "@/lib/i18n";
import { initialsOf } from "@/lib/i18n/format";
import { signOut } from "@/lib/session/session";
import { switchSpace, useCurrentSpace } from "./current-space";
import { SpaceList } from "./space-list";

/**
 * The avatar's modal: who is signed in, their spaces, the language, and Sign out. Loaded after the
 * top bar's first render (LazyMenu): the avatar button is its trigger.
 */
export default function AccountDialog({ trigger, defaultOpen }: LazyMenuProps) {
  const { t, lang, setLang } = useI18n();
  const { user, space } = useCurrentSpace();
  const [signingOut, setSigningOut] = useState(false);
  const [open, onOpenChange] = useState(defaultOpen);

  const handleSignOut = async () => {
    setSigningOut(true);
    await signOut(); // the route guard then shows /login
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <Tooltip label={user.display_name || user.email}>
        <DialogTrigger asChild>{trigger}</DialogTrigger>
      </Tooltip>
      <DialogContent className="max-w-md gap-0 p-0">
        <DialogHeader className="flex-row items-center gap-3 p-5 pb-4">
          <Avatar className="size-10">
            <AvatarFallback className="text-sm">{initialsOf(user.display_name)}</AvatarFallback>
          </Avatar>
          <div className="min-w-0">
            <DialogTitle className="truncate">{user.display_name || user.email}</DialogTitle>
            <DialogDescription className="truncate">{user.email}</DialogDescription>
          </div>
        </DialogHeader>
        <Separator />
        <section className="flex flex-col gap-2 p-5 pb-4" aria-label={t("account.spaces")}>
          <h3 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{t("account.spaces")}</h3>
          <SpaceList
            spaces={user.spaces}
            currentUuid={space.space_uuid}
            onChoose={(chosen) => switchSpace(chosen.space_uuid)}
          />
        </section>
        <Separator />
        <div className="flex items-center justify-between gap-3 p-5 py-4">
          <Label htmlFor="account-language" className="text-muted-foreground">
            {t("account.language")}
          </Label>
          <select
            id="account-language"
            value={lang}
            onChange={(event) => {
              const next = languages.find((language) => language.code === event.target.value);
              if (next) setLang(next.code);
            }}
            className="h-8 rounded-md border border-input bg-card px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {languages.map((language) => (
              <option key={language.code} value={language.code}>
                {language.label}
              </option>
            ))}
          </select>
        </div>
        <Separator />
        <div className="flex justify-end p-5 py-4">
          <Button variant="outline" onClick={handleSignOut} disabled={signingOut}>
            <LogOutIcon aria-hidden="true" />
            {t("account.signOut")}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
