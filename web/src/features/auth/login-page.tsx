import { CircleCheckIcon } from "lucide-react";
import { Navigate, useLocation } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useT } from "@/lib/i18n";
import { useSession } from "@/lib/session";
import { AuthLayout } from "./auth-layout";
import { LoginForm } from "./login-form";
import { lifecycleHandoff, returnPath } from "./return-path";
import { useSignIn } from "./use-sign-in";

export function LoginPage() {
  const t = useT();
  const session = useSession();
  const location = useLocation();
  const target = returnPath(location.state);
  const handoff = lifecycleHandoff(location.state);
  const signIn = useSignIn();

  // Signed in (just now, or earlier in another tab): go on to where the user was heading.
  if (session && !signIn.isPending) return <Navigate to={target} replace />;

  return (
    <AuthLayout>
      <Card>
        <CardHeader className="pb-4">
          <CardTitle className="text-lg">{t("login.title")}</CardTitle>
          <CardDescription>{t("login.subtitle")}</CardDescription>
        </CardHeader>
        <CardContent>
          {handoff.notice && (
            <p
              role="status"
              className="mb-4 flex items-start gap-2 rounded-md border border-success/30 bg-success/10 px-3 py-2 text-sm"
            >
              <CircleCheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
              {handoff.notice}
            </p>
          )}
          <LoginForm
            defaultEmail={handoff.email}
            pending={signIn.isPending}
            error={signIn.error}
            onSubmit={(values) => signIn.mutate(values)}
          />
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
