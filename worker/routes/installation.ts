import { Hono } from "hono";
import { DeviceDetail } from "../../contracts/device-detail.ts";
import { InstallationCode, InstallationCodeEmailInput, QrInstallInput } from "../../contracts/installation.ts";
import type { AppEnv } from "../env.ts";
import { deferTo } from "../lib/defer.ts";
import { validateInput } from "../lib/validate-input.ts";
import { requireRole, spaceCtx } from "../middleware/space.ts";
import {
  emailInstallationCode,
  replacementInstallationCode,
  resetInstallationCode,
} from "../services/installation/codes.ts";
import { installFromQr } from "../services/installation/qr.ts";

const writer = requireRole("content_manager");

/** Installation codes and QR installation of a device (devices.md §2 card, §4, §7 Installation). */
export const installationRoutes = new Hono<AppEnv>({ strict: false })
  .post("/device/:uuid/installation-code/reset", writer, async (c) => {
    const code = await resetInstallationCode({
      ctx: spaceCtx(c),
      input: { uuid: c.req.param("uuid") },
      defer: deferTo(c),
    });
    return c.json(InstallationCode.parse(code));
  })
  .post("/device/:uuid/installation-code/replacement", writer, async (c) => {
    const input = { uuid: c.req.param("uuid") };
    const code = await replacementInstallationCode({ ctx: spaceCtx(c), input, defer: deferTo(c) });
    return c.json(InstallationCode.parse(code));
  })
  .post(
    "/device/:uuid/installation-code/email",
    writer,
    validateInput("json", InstallationCodeEmailInput),
    async (c) => {
      const input = { ...c.req.valid("json"), uuid: c.req.param("uuid") };
      const code = await emailInstallationCode({ ctx: spaceCtx(c), input, defer: deferTo(c) });
      return c.json(InstallationCode.parse(code));
    },
  )
  .post("/device/:uuid/installation", writer, validateInput("json", QrInstallInput), async (c) => {
    const input = { ...c.req.valid("json"), uuid: c.req.param("uuid") };
    return c.json(DeviceDetail.parse(await installFromQr({ ctx: spaceCtx(c), input, defer: deferTo(c) })));
  });
