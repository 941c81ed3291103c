/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** A tagged template whose interpolations are escaped (pass `raw(...)` for trusted markup). */
export class RawHtml {
  constructor(readonly value: string) {}
}
export const raw = (value: string) => new RawHtml(value);

export function html(strings: TemplateStringsArray, ...values: unknown[]): RawHtml {
  let out = strings[0];
  values.forEach((value, i) => {
    const parts = Array.isArray(value) ? value : [value];
    out += parts.map((part) => (part instanceof RawHtml ? part.value : escapeHtml(part))).join("");
    out += strings[i + 1];
  });
  return new RawHtml(out);
}
