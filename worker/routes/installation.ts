import { DeviceDetail } from "../../contracts/devices/detail.ts";
import * as routes from "../../contracts/installation/routes.ts";
import { InstallationCode, InstallationCodeCurrent } from "../../contracts/installation/schema.ts";
import { deferTo } from "../lib/defer.ts";
import { guarded, openApiRouter } from "../lib/openapi.ts";
import { requireRole, spaceCtx } from "../middleware/space.ts";
import {
  emailInstallationCode,
  readInstallationCode,
  replacementInstallationCode,
  resetInstallationCode,
} from "../services/installation/codes.ts";
import { installFromQr } from "../services/installation/qr.ts";

const writer = requireRole("content_manager");

/** Installation codes and QR installation of a device (devices.md §2 card, §4, §7 Installation). */
export const installationRoutes = openApiRouter()
  .openapi(guarded(routes.getInstallationCode, writer), async (c) => {
    const input = { uuid: c.req.valid("param").uuid };
    const code = InstallationCodeCurrent.parse(await readInstallationCode({ ctx: spaceCtx(c), input }));
    // The code is a secret: no cache (browser or shared) keeps the reply.
    c.header("Cache-Control", "no-store");
    return c.json(code, 200);
  })
  .openapi(guarded(routes.resetInstallationCode, writer), async (c) => {
    const input = { uuid: c.req.valid("param").uuid };
    const code = await resetInstallationCode({ ctx: spaceCtx(c), input, defer: deferTo(c) });
    return c.json(InstallationCode.parse(code), 200);
  })
  .openapi(guarded(routes.replacementInstallationCode, writer), async (c) => {
    const input = { uuid: c.req.valid("param").uuid };
    const code = await replacementInstallationCode({ ctx: spaceCtx(c), input, defer: deferTo(c) });
    return c.json(InstallationCode.parse(code), 200);
  })
  .openapi(guarded(routes.emailInstallationCode, writer), async (c) => {
    const input = { ...c.req.valid("json"), uuid: c.req.valid("param").uuid };
    const code = await emailInstallationCode({ ctx: spaceCtx(c), input, defer: deferTo(c) });
    return c.json(InstallationCode.parse(code), 200);
  })
  .openapi(guarded(routes.installFromQr, writer), async (c) => {
    const input = { ...c.req.valid("json"), uuid: c.req.valid("param").uuid };
    return c.json(DeviceDetail.parse(await installFromQr({ ctx: spaceCtx(c), input, defer: deferTo(c) })), 200);
  });
