import type { LifecycleReply } from "@contracts/accounts/lifecycle";
import { checkLinkToken } from "@contracts/accounts/routes";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useNavigate, useSearchParams } from "react-router";
import { callPublic } from "@/lib/api/public-api";
import { endSession, sessionEmail } from "@/lib/session/session";
import { successPath, successStateFor } from "./lifecycle-state";

/** `?account=…&token=…` of an e-mailed link ("" when missing). */
export function useLinkParams() {
  const [params] = useSearchParams();
  return { account: params.get("account") ?? "", token: params.get("token") ?? "" };
}

/** GET /space-account/{id}/token/{token}: is the link usable, and what is it for. */
export function useTokenCheck(account: string, token: string) {
  return useQuery({
    queryKey: ["lifecycle", "token", account, token] as const,
    queryFn: ({ signal }) => callPublic(checkLinkToken, { params: { id: account, token }, signal }),
    enabled: Boolean(account && token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * A lifecycle call: on a §8 reply it opens the Success screen in the matching state, on
 * success it runs `onDone` (the page decides where to go).
 */
export function useLifecycleCall<I>(
  call: (input: I) => Promise<LifecycleReply>,
  onDone: (reply: LifecycleReply) => void,
) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: call,
    onSuccess: onDone,
    onError: (error) => {
      const state = successStateFor(error);
      if (state) navigate(successPath(state), { replace: true });
    },
  });
}

/** A password change ends every session of that user: drop ours when it is theirs. */
export function forgetSessionOf(email: string) {
  if (sessionEmail()?.toLowerCase() === email.toLowerCase()) endSession("signed_out");
}
