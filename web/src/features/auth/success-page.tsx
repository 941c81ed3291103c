import "@/lib/i18n/locales/en-auth";
import "@/lib/i18n/locales/en-accounts";
import {
  CircleCheckIcon,
  Clock3Icon,
  type LucideIcon,
  MailCheckIcon,
  MailWarningIcon,
  ShieldXIcon,
  UserCogIcon,
  UserXIcon,
} from "lucide-react";
import { useSearchParams } from "react-router";
import { Card, CardContent } from "@/components/ui/card";
import { type MessageKey, useT } from "@/lib/i18n";
import { AuthLayout, BackToLogin } from "./auth-layout";

/** The outcome screens of the account-lifecycle links (console.md §8), by `?state=`. */
const states = {
  LinkExpired: { icon: Clock3Icon, title: "success.linkExpired.title", text: "success.linkExpired.text" },
  AccountNotFullySetUp: { icon: UserCogIcon, title: "success.notSetUp.title", text: "success.notSetUp.text" },
  EmailError: { icon: MailWarningIcon, title: "success.emailError.title", text: "success.emailError.text" },
  UserNotAllowed: { icon: ShieldXIcon, title: "success.notAllowed.title", text: "success.notAllowed.text" },
  MethodNotAllowed: { icon: MailWarningIcon, title: "success.resetSent.title", text: "success.resetSent.text" },
  UserNonExist: { icon: UserXIcon, title: "success.notActive.title", text: "success.notActive.text" },
  /** Not one of §8's states: a reset or set-password link was mailed. */
  EmailSent: { icon: MailCheckIcon, title: "success.emailSent.title", text: "success.emailSent.text" },
} as const satisfies Record<string, { icon: LucideIcon; title: MessageKey; text: MessageKey }>;

export type SuccessState = keyof typeof states;
const fallback = { icon: CircleCheckIcon, title: "success.done.title", text: "success.done.text" } as const;

function isSuccessState(value: string | null): value is SuccessState {
  return value !== null && value in states;
}

export function SuccessPage() {
  const t = useT();
  const [params] = useSearchParams();
  const state = params.get("state");
  const { icon: Icon, title, text } = isSuccessState(state) ? states[state] : fallback;

  return (
    <AuthLayout>
      <Card>
        <CardContent className="flex flex-col items-center gap-3 pt-6 text-center">
          <div className="flex size-12 items-center justify-center rounded-full bg-primary/12 text-primary">
            <Icon className="size-6" aria-hidden="true" />
          </div>
          <h1 className="text-lg font-semibold">{t(title)}</h1>
          <p className="text-sm text-muted-foreground">{t(text)}</p>
          <BackToLogin variant="outline" className="mt-2 w-full" />
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
