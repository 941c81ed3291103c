import { ApiErrorBody } from "../http/errors.ts";
import { commonErrors, defineRoute, jsonBody, jsonResponse, notJson } from "../http/route.ts";
import {
  AgentEnrollInput,
  AgentEnrollment,
  AgentEnrollPending,
  AgentRegisterInput,
  AgentRegistration,
} from "./schema.ts";

const tags = ["Agent"];

/** The agent calls carry no user sign-in (the code or registration secret is the credential). */
const errors = {
  400: commonErrors[400],
  415: notJson,
  429: jsonResponse(ApiErrorBody, "Too many attempts from this address (Retry-After)"),
} as const;

/** POST /agent/enroll/: an installation code, or a claimed registration, for the device's credential. */
export const enrollAgent = defineRoute({
  method: "post",
  path: "/agent/enroll",
  summary: "Trade an installation code (or a registration claimed by QR) for the device's credential",
  tags,
  security: [],
  request: { body: jsonBody(AgentEnrollInput) },
  responses: {
    200: jsonResponse(AgentEnrollment, "Enrolled: the credential, shown once"),
    202: jsonResponse(AgentEnrollPending, "The registration is not claimed yet: ask again later"),
    ...errors,
  },
});

/** POST /agent/unclaimed/: an agent without a code registers, to be claimed by QR. */
export const registerAgent = defineRoute({
  method: "post",
  path: "/agent/unclaimed",
  summary: "Register an agent without a code; it shows the uuid as a QR code and polls /agent/enroll",
  tags,
  security: [],
  request: { body: jsonBody(AgentRegisterInput) },
  responses: { 201: jsonResponse(AgentRegistration, "The registration and its secret, shown once"), ...errors },
});
