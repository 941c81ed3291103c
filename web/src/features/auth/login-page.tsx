import "@/lib/i18n/locales/en-auth";
import { CircleCheckIcon } from "lucide-react";
import { Navigate, useLocation } from "react-router";
import { useT } from "@/lib/i18n";
import { useSession } from "@/lib/session/session";
import { AuthCard } from "./auth-layout";
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
    <AuthCard title={t("login.title")} description={t("login.subtitle")}>
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
    </AuthCard>
  );
}
