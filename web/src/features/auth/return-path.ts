/** Where to go after sign-in: the page that sent the user to /login, else /devices. */
export function returnPath(state: unknown): string {
  if (typeof state === "object" && state !== null && "from" in state) {
    const from = state.from;
    if (typeof from === "string" && from.startsWith("/") && !from.startsWith("/login")) return from;
  }
  return "/devices";
}
