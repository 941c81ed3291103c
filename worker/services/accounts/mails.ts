import { ACTION_TOKEN_TTL_HOURS, type ActionTokenPurpose, LINK_PAGES } from "../../../contracts/accounts/lifecycle.ts";
import { html } from "../../lib/html.ts";
import type { Mail } from "../kernel/mail.ts";

/** The console link a token opens: `{origin}/{page}?account=…&token=…`. */
export function actionLink(origin: string, purpose: ActionTokenPurpose, accountUuid: string, token: string) {
  const url = new URL(`/${LINK_PAGES[purpose]}`, origin);
  url.searchParams.set("account", accountUuid);
  url.searchParams.set("token", token);
  return url.toString();
}

const layout = (title: string, paragraphs: string[], link: string, button: string) =>
  html`<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5">
<h2 style="font-size:18px">${title}</h2>
${paragraphs.map((p) => html`<p>${p}</p>`)}
<p><a href="${link}" style="display:inline-block;padding:8px 16px;background:#2b6cd8;color:#fff;border-radius:6px;text-decoration:none">${button}</a></p>
<p style="font-size:12px;color:#6b7280">Or open this link: <a href="${link}">${link}</a><br>It works once and expires in ${ACTION_TOKEN_TTL_HOURS} hours.</p>
</body></html>`.value;

const textBody = (paragraphs: string[], link: string) =>
  `${paragraphs.join("\n\n")}\n\n${link}\n\nThe link works once and expires in ${ACTION_TOKEN_TTL_HOURS} hours.\n`;

/** Invitation: a new user registers (sets a password); an existing one only joins the space. */
export function invitationMail(input: {
  to: string;
  spaceName: string;
  inviter: string;
  link: string;
  purpose: "registration" | "space_join";
}): Mail {
  const subject = `You are invited to ${input.spaceName} on Outpost`;
  const paragraphs = [
    `${input.inviter} invited you to the space "${input.spaceName}" on Outpost.`,
    input.purpose === "registration"
      ? "Open the link below to choose your display name and password and finish your registration."
      : "Open the link below to join the space with your existing Outpost account.",
  ];
  const button = input.purpose === "registration" ? "Finish registration" : "Join the space";
  return {
    to: input.to,
    subject,
    text: textBody(paragraphs, input.link),
    html: layout(subject, paragraphs, input.link, button),
  };
}

/** Password reset (forgot password) or password update (set or change it). */
export function passwordMail(input: { to: string; link: string; purpose: "password_reset" | "password_update" }): Mail {
  const reset = input.purpose === "password_reset";
  const subject = reset ? "Reset your Outpost password" : "Set your Outpost password";
  const paragraphs = [
    reset
      ? "Someone asked to reset the password of your Outpost account. If it was you, open the link below to choose a new password."
      : "Open the link below to set the password of your Outpost account.",
    "If you did not ask for this, you can ignore this e-mail.",
  ];
  const button = reset ? "Reset password" : "Set password";
  return {
    to: input.to,
    subject,
    text: textBody(paragraphs, input.link),
    html: layout(subject, paragraphs, input.link, button),
  };
}
