import "@/lib/i18n/locales/en-accounts";
import type { TokenCheck } from "@contracts/accounts/lifecycle";
import { joinSpace } from "@contracts/accounts/routes";
import { useQueryClient } from "@tanstack/react-query";
import { LoaderCircleIcon, LogInIcon } from "lucide-react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { callPublic } from "@/lib/api/public-api";
import { useT } from "@/lib/i18n";
import { getSession } from "@/lib/session/session";
import { sessionQueries } from "../session/queries";
import { AuthCard } from "./auth-layout";
import { FormError } from "./form-error";
import { formErrorOf } from "./lifecycle-state";
import { LinkGate } from "./link-gate";
import { useLifecycleCall } from "./use-lifecycle";

function JoinCard({ check, link }: { check: TokenCheck; link: { account: string; token: string } }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const call = useLifecycleCall(
    () => callPublic(joinSpace, { params: { id: link.account }, json: { token: link.token } }),
    async (reply) => {
      // Signed in already: the new space shows up in the user's spaces at once.
      if (getSession()) {
        await queryClient.invalidateQueries({ queryKey: sessionQueries.all() });
        navigate("/", { replace: true });
      } else {
        navigate("/login", {
          replace: true,
          state: { notice: t("lifecycle.joined", { space: check.space_name }), email: reply.email },
        });
      }
    },
  );
  const failure = formErrorOf(call.error, t("lifecycle.failed"));
  return (
    <AuthCard
      title={t("lifecycle.joinTitle", { space: check.space_name })}
      description={t("lifecycle.joinText", { space: check.space_name, email: check.email })}
      contentClassName="flex flex-col gap-4"
    >
      <Button
        size="lg"
        className="w-full"
        onClick={() => call.mutate(undefined)}
        disabled={call.isPending}
        aria-busy={call.isPending}
      >
        {call.isPending ? (
          <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
        ) : (
          <LogInIcon aria-hidden="true" />
        )}
        {t("lifecycle.join")}
      </Button>
      <FormError message={failure.message ?? Object.values(failure.fields).flat()[0] ?? null} />
    </AuthCard>
  );
}

/** /space-join?account=…&token=… — an existing user accepts an invitation to another space. */
export function SpaceJoinPage() {
  return <LinkGate purposes={["space_join"]}>{(check, link) => <JoinCard check={check} link={link} />}</LinkGate>;
}
