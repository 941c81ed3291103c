import { DeviceDetail } from "../devices/detail.ts";
import { DeviceParam } from "../devices/routes.ts";
import { bodyErrors, commonErrors, defineRoute, jsonBody, jsonResponse } from "../http/route.ts";
import { InstallationCode, InstallationCodeCurrent, InstallationCodeEmailInput, QrInstallInput } from "./schema.ts";

const tags = ["Installation"];

const code = jsonResponse(InstallationCode, "The new code (stored as its hash and AES-GCM encrypted)");

export const getInstallationCode = defineRoute({
  method: "get",
  path: "/space/{space}/device/{uuid}/installation-code",
  summary:
    "The device's current installation code for its card, in blocks of 4, while it is valid (24 h, unused); Content Manager or Admin",
  tags,
  request: { params: DeviceParam },
  responses: {
    200: jsonResponse(InstallationCodeCurrent, "The code while it is valid; otherwise why there is none"),
    ...commonErrors,
  },
});

export const resetInstallationCode = defineRoute({
  method: "post",
  path: "/space/{space}/device/{uuid}/installation-code/reset",
  summary:
    "A new installation code for a device that is not installed (earlier codes are revoked); Content Manager or Admin",
  tags,
  request: { params: DeviceParam },
  responses: { 200: code, ...commonErrors },
});

export const replacementInstallationCode = defineRoute({
  method: "post",
  path: "/space/{space}/device/{uuid}/installation-code/replacement",
  summary: "An installation code for the machine replacing a connected device; Content Manager or Admin",
  tags,
  request: { params: DeviceParam },
  responses: { 200: code, ...commonErrors },
});

export const emailInstallationCode = defineRoute({
  method: "post",
  path: "/space/{space}/device/{uuid}/installation-code/email",
  summary: "Mail a fresh installation code (earlier codes are revoked); Content Manager or Admin",
  tags,
  request: { params: DeviceParam, body: jsonBody(InstallationCodeEmailInput) },
  responses: { 200: code, ...bodyErrors },
});

export const installFromQr = defineRoute({
  method: "post",
  path: "/space/{space}/device/{uuid}/installation",
  summary: "Install a device on the machine whose QR code was scanned; Content Manager or Admin",
  tags,
  request: { params: DeviceParam, body: jsonBody(QrInstallInput) },
  responses: { 200: jsonResponse(DeviceDetail, "The installed device"), ...bodyErrors },
});
