import { AsyncLocalStorage } from "node:async_hooks";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../env.ts";

export type AuditActorKind = "account" | "api_token" | "display_link" | "system";

/** Who and where a request comes from, as every audit entry it writes records it. */
export type AuditRequestContext = {
  requestId: string | null;
  clientAddress: string | null;
  userAgent: string | null;
  /** Read when the entry is built: authentication runs after this middleware. */
  actor: () => { kind: AuditActorKind; uuid: string | null; name: string | null } | null;
  /** Chains the request's entries once it has answered (set by the middleware). */
  touched: Set<string | null>;
};

const storage = new AsyncLocalStorage<AuditRequestContext>();

/** The current request's audit context, or undefined (a room, a queue consumer, a cron). */
export const currentAuditContext = () => storage.getStore();

/** The client's address: Cloudflare's header, else the first X-Forwarded-For hop. */
export const clientAddressOf = (header: (name: string) => string | undefined) =>
  header("CF-Connecting-IP") ?? header("X-Forwarded-For")?.split(",")[0]?.trim() ?? null;

/**
 * Carries the request's id, client address, user agent and principal to auditInsert through an
 * AsyncLocalStorage, so the services' many audit calls get them without each passing them on. Once
 * the request has answered, the spaces it wrote entries to are chained in the background (`chain`).
 */
export const auditContextMiddleware = (
  chain: (c: { env: AppEnv["Bindings"] }, spaces: Set<string | null>) => Promise<unknown>,
) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const store: AuditRequestContext = {
      requestId: c.var.requestId ?? null,
      clientAddress: clientAddressOf((n) => c.req.header(n)),
      userAgent: c.req.header("User-Agent")?.slice(0, 512) ?? null,
      actor: () => {
        const principal = c.get("principal");
        const user = c.get("user");
        if (principal && principal.kind !== "user") {
          return { kind: principal.kind, uuid: principal.credential.uuid, name: principal.credential.name };
        }
        return user ? { kind: "account", uuid: user.uuid, name: user.display_name || user.email } : null;
      },
      touched: new Set(),
    };
    await storage.run(store, next);
    if (store.touched.size === 0) return;
    const work = chain({ env: c.env }, store.touched).catch((e) => console.error("audit chain", e));
    try {
      c.executionCtx.waitUntil(work);
    } catch {
      // No execution context (a test calling app.request): the promise still runs.
    }
  });
