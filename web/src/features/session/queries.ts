import { accountLogin } from "@contracts/accounts/routes";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, callApi } from "@/lib/api/api";
import { sessionEmail } from "@/lib/session/session";

export const sessionQueries = {
  all: () => ["session"] as const,
  /** POST /account/login/ with the token's e-mail → the signed-in user and their spaces. */
  me: () =>
    queryOptions({
      queryKey: [...sessionQueries.all(), "me"] as const,
      queryFn: ({ signal }) => {
        const email = sessionEmail();
        if (!email) throw new ApiError(401, null);
        return callApi(accountLogin, { json: { email }, signal });
      },
      staleTime: 5 * 60_000,
    }),
};
