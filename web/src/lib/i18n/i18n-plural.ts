import type { MessageVars } from "./index";

/**
 * The plural part of ICU's message format, as the dictionaries write counts:
 * `{count, plural, one {# device} other {# devices}}` (Croatian adds `few`). The form is
 * picked by Intl.PluralRules for the language (`=N` forms first), `#` stands for the number.
 */
const PLURAL = /\{(\w+), plural,((?:\s*=?\w+\s*\{[^{}]*\})+)\s*\}/g;
const FORM = /(=?\w+)\s*\{([^{}]*)\}/g;

const rules = new Map<string, Intl.PluralRules>();
function pluralRules(lang: string): Intl.PluralRules {
  let rule = rules.get(lang);
  if (!rule) {
    rule = new Intl.PluralRules(lang);
    rules.set(lang, rule);
  }
  return rule;
}

/** Replaces each plural part of `text` with the form `vars` calls for; parts without a number stay as they are. */
export function resolvePlurals(lang: string, text: string, vars: MessageVars | undefined): string {
  if (!vars || !text.includes(", plural,")) return text;
  return text.replace(PLURAL, (part, name: string, body: string) => {
    const value = vars[name];
    if (typeof value !== "number") return part;
    const forms = new Map(Array.from(body.matchAll(FORM), (form) => [form[1], form[2] ?? ""]));
    const form = forms.get(`=${value}`) ?? forms.get(pluralRules(lang).select(value)) ?? forms.get("other");
    return form === undefined ? part : form.replaceAll("#", String(value));
  });
}
