import "@/lib/i18n/locales/en-accounts";
import { type ActionTokenPurpose, LINK_PAGES, type TokenCheck } from "@contracts/accounts/lifecycle";
import { CircleAlertIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useT } from "@/lib/i18n";
import { AuthLayout } from "./auth-layout";
import { errorText, successPath, successStateFor } from "./lifecycle-state";
import { useLinkParams, useTokenCheck } from "./use-lifecycle";

type LinkGateProps = {
  /** The purposes this page serves; a link for another purpose is sent to its own page. */
  purposes: readonly ActionTokenPurpose[];
  children: (check: TokenCheck, link: { account: string; token: string }) => ReactNode;
};

/** Checks an e-mailed link before its form is shown (expired, used or unknown → Success screen). */
export function LinkGate({ purposes, children }: LinkGateProps) {
  const t = useT();
  const link = useLinkParams();
  const check = useTokenCheck(link.account, link.token);

  if (!link.account || !link.token) return <Navigate to={successPath("LinkExpired")} replace />;
  if (check.isError) {
    const state = successStateFor(check.error);
    if (state) return <Navigate to={successPath(state)} replace />;
    return (
      <AuthLayout>
        <Card>
          <CardContent className="flex items-start gap-2 pt-5 text-sm text-destructive" role="alert">
            <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {errorText(check.error, t("lifecycle.unreachable"))}
          </CardContent>
        </Card>
      </AuthLayout>
    );
  }
  if (!check.data) {
    return (
      <AuthLayout>
        <Card aria-busy="true" aria-label={t("common.loading")}>
          <CardContent className="flex flex-col gap-3 pt-5">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-full" />
          </CardContent>
        </Card>
      </AuthLayout>
    );
  }
  if (!purposes.includes(check.data.purpose)) {
    const search = new URLSearchParams({ account: link.account, token: link.token });
    return <Navigate to={`/${LINK_PAGES[check.data.purpose]}?${search}`} replace />;
  }
  return children(check.data, link);
}
