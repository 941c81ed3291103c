/** Where to go after sign-in: the page that sent the user to /login, else /devices. */
export function returnPath(state: unknown): string {
  if (typeof state === "object" && state !== null && "from" in state) {
    const from = state.from;
    if (typeof from === "string" && from.startsWith("/") && !from.startsWith("/login")) return from;
  }
  return "/devices";
}

/** What a lifecycle page hands to /login after a password was set: a notice and the e-mail. */
export function lifecycleHandoff(state: unknown): { notice: string | null; email: string } {
  if (typeof state !== "object" || state === null) return { notice: null, email: "" };
  const notice = "notice" in state && typeof state.notice === "string" ? state.notice : null;
  const email = "email" in state && typeof state.email === "string" ? state.email : "";
  return { notice, email };
}
