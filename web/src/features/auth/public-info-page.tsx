import { ArrowLeftIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { type MessageKey, useT } from "@/lib/i18n";
import { AuthLayout } from "./auth-layout";

/** The public account pages; their forms arrive with the account-lifecycle issue. */
export const publicPages = {
  "account-registration": { title: "public.registration.title", text: "public.registration.text" },
  "space-join": { title: "public.spaceJoin.title", text: "public.spaceJoin.text" },
  "account-password-update": { title: "public.passwordUpdate.title", text: "public.passwordUpdate.text" },
  "account-password-reset": { title: "public.passwordReset.title", text: "public.passwordReset.text" },
  "update-account": { title: "public.updateAccount.title", text: "public.updateAccount.text" },
  "forgot-password": { title: "public.forgotPassword.title", text: "public.forgotPassword.text" },
  "change-password": { title: "public.changePassword.title", text: "public.changePassword.text" },
} as const satisfies Record<string, { title: MessageKey; text: MessageKey }>;

export type PublicPage = keyof typeof publicPages;

export function PublicInfoPage({ page }: { page: PublicPage }) {
  const t = useT();
  const { title, text } = publicPages[page];
  return (
    <AuthLayout>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t(title)}</CardTitle>
          <CardDescription>{t(text)}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline" className="w-full">
            <Link to="/login">
              <ArrowLeftIcon aria-hidden="true" />
              {t("public.backToLogin")}
            </Link>
          </Button>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
