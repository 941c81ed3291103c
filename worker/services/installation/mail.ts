import { INSTALLATION_CODE_TTL_HOURS } from "../../../contracts/installation/schema.ts";
import { html } from "../../lib/html.ts";
import type { Mail } from "../kernel/mail.ts";

/** The code in blocks of 4, as the installation card shows it. */
export const groupCode = (code: string) => code.match(/.{1,4}/g)?.join("-") ?? code;

/** The e-mail that carries an installation code to whoever installs the device. */
export function installationCodeMail(input: {
  to: string;
  deviceName: string;
  spaceName: string;
  sender: string;
  message: string;
  code: string;
  expiresAt: string;
}): Mail {
  const subject = `Installation code for ${input.deviceName}`;
  const code = groupCode(input.code);
  const lines = [
    `${input.sender} sent you the installation code of the device "${input.deviceName}" in the space "${input.spaceName}" on Outpost.`,
    ...(input.message ? [input.message] : []),
    `Installation code: ${code}`,
    `Enter it in the Outpost agent on the device. The code works once and expires in ${INSTALLATION_CODE_TTL_HOURS} hours (${input.expiresAt}).`,
  ];
  const body = html`<!doctype html>
<html><body style="font-family: sans-serif">
<h1 style="font-size: 18px">${subject}</h1>
${lines.map((line, i) => (i === lines.length - 2 ? html`<p>Installation code: <strong style="font-family: monospace; font-size: 20px">${code}</strong></p>` : html`<p>${line}</p>`))}
</body></html>`;
  return { to: input.to, subject, text: `${lines.join("\n\n")}\n`, html: body.value };
}
