import {
  enrollAgent as enrollAgentRoute,
  registerAgent as registerAgentRoute,
} from "../../contracts/installation/agent-routes.ts";
import { AgentEnrollment, AgentEnrollPending, AgentRegistration } from "../../contracts/installation/schema.ts";
import { deferTo } from "../lib/defer.ts";
import { guarded, openApiRouter } from "../lib/openapi.ts";
import { enrollAgent } from "../services/installation/agent-enroll.ts";
import { registerAgent } from "../services/installation/agent-register.ts";

/** The client address the throttle counts against (as the sign-in throttle does). */
const addressOf = (c: { req: { header: (name: string) => string | undefined } }) =>
  c.req.header("CF-Connecting-IP") ?? c.req.header("X-Forwarded-For") ?? "local";

/**
 * /api/agent/…: called by the device agent, without a user sign-in. Enrolment trades a one-time
 * installation code (or a registration claimed by QR) for the device's credential.
 */
export const agentRoutes = openApiRouter()
  .openapi(guarded(enrollAgentRoute), async (c) => {
    const input = { ...c.req.valid("json"), address: addressOf(c) };
    const result = await enrollAgent({ ctx: { db: c.var.db, env: c.env }, input, defer: deferTo(c) });
    if ("status" in result) return c.json(AgentEnrollPending.parse(result), 202);
    return c.json(AgentEnrollment.parse(result), 200);
  })
  .openapi(guarded(registerAgentRoute), async (c) => {
    const input = { ...c.req.valid("json"), address: addressOf(c) };
    const registration = await registerAgent({ ctx: { db: c.var.db, env: c.env }, input });
    return c.json(AgentRegistration.parse(registration), 201);
  });
