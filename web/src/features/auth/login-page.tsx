import { Navigate, useLocation } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useT } from "@/lib/i18n";
import { useSession } from "@/lib/session";
import { AuthLayout } from "./auth-layout";
import { LoginForm } from "./login-form";
import { returnPath } from "./return-path";
import { useSignIn } from "./use-sign-in";

export function LoginPage() {
  const t = useT();
  const session = useSession();
  const location = useLocation();
  const target = returnPath(location.state);
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
          <LoginForm pending={signIn.isPending} error={signIn.error} onSubmit={(values) => signIn.mutate(values)} />
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
