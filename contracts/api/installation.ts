import { z } from "zod";
import { DeviceDetail } from "../device-detail.ts";
import { ApiErrorBody } from "../errors.ts";
import { InstallationCode, InstallationCodeEmailInput, QrInstallInput } from "../installation.ts";
import { commonErrors, defineRoute, jsonBody, jsonResponse, SpaceParam } from "./route.ts";

const tags = ["Installation"];

/** Path parameters of the installation routes of one device. */
export const InstallDeviceParam = SpaceParam.extend({ uuid: z.string().meta({ description: "The device's uuid" }) });

const notJson = jsonResponse(ApiErrorBody, "The body is not sent as JSON");
const code = jsonResponse(InstallationCode, "The new code (shown this once; only its hash is stored)");

export const resetInstallationCode = defineRoute({
  method: "post",
  path: "/space/{space}/device/{uuid}/installation-code/reset",
  summary:
    "A new installation code for a device that is not installed (earlier codes are revoked); Content Manager or Admin",
  tags,
  request: { params: InstallDeviceParam },
  responses: { 200: code, ...commonErrors },
});

export const replacementInstallationCode = defineRoute({
  method: "post",
  path: "/space/{space}/device/{uuid}/installation-code/replacement",
  summary: "An installation code for the machine replacing a connected device; Content Manager or Admin",
  tags,
  request: { params: InstallDeviceParam },
  responses: { 200: code, ...commonErrors },
});

export const emailInstallationCode = defineRoute({
  method: "post",
  path: "/space/{space}/device/{uuid}/installation-code/email",
  summary: "Mail a fresh installation code (earlier codes are revoked); Content Manager or Admin",
  tags,
  request: { params: InstallDeviceParam, body: jsonBody(InstallationCodeEmailInput) },
  responses: { 200: code, ...commonErrors, 415: notJson },
});

export const installFromQr = defineRoute({
  method: "post",
  path: "/space/{space}/device/{uuid}/installation",
  summary: "Install a device on the machine whose QR code was scanned; Content Manager or Admin",
  tags,
  request: { params: InstallDeviceParam, body: jsonBody(QrInstallInput) },
  responses: { 200: jsonResponse(DeviceDetail, "The installed device"), ...commonErrors, 415: notJson },
});
