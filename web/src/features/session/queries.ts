import { CurrentUser } from "@contracts/space";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, apiFetch } from "@/lib/api";
import { sessionEmail } from "@/lib/session";

export const sessionQueries = {
  all: () => ["session"] as const,
  /** POST /account/login/ with the token's e-mail → the signed-in user and their spaces. */
  me: () =>
    queryOptions({
      queryKey: [...sessionQueries.all(), "me"] as const,
      queryFn: ({ signal }) => {
        const email = sessionEmail();
        if (!email) throw new ApiError(401, null);
        return apiFetch("/account/login/", { method: "POST", json: { email }, schema: CurrentUser, signal });
      },
      staleTime: 5 * 60_000,
    }),
};
