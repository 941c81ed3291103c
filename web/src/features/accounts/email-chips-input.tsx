import "@/lib/i18n/locales/en-accounts";
import { XIcon } from "lucide-react";
import { type ClipboardEvent, type KeyboardEvent, useRef } from "react";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import { addEmails, looksLikeEmail, splitEmails } from "./parse-emails";

type EmailChipsInputProps = {
  id?: string;
  chips: string[];
  draft: string;
  onChange: (chips: string[], draft: string) => void;
  invalid?: boolean;
  describedBy?: string;
  autoFocus?: boolean;
};

/**
 * E-mails as chips: a comma or a space turns the typed text into a chip, a paste is split on
 * commas and whitespace, Backspace on an empty field removes the last chip. Enter is left to
 * the form (it submits; the text still being typed is sent as well).
 */
export function EmailChipsInput({ id, chips, draft, onChange, invalid, describedBy, autoFocus }: EmailChipsInputProps) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);

  const commit = (text: string, rest = "") => onChange(addEmails(chips, splitEmails(text)), rest);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key === "," || event.key === " ") && draft.trim()) {
      event.preventDefault();
      commit(draft);
    } else if (event.key === "Backspace" && draft === "" && chips.length > 0) {
      event.preventDefault();
      onChange(chips.slice(0, -1), "");
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData("text");
    if (!/[\s,]/.test(text.trim())) return; // one address: let it land in the field
    event.preventDefault();
    commit(`${draft} ${text}`);
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a click on the frame only focuses the input, which has the keyboard
    <div
      onClick={() => input.current?.focus()}
      aria-invalid={invalid || undefined}
      className={cn(
        "flex min-h-9 w-full cursor-text flex-wrap items-center gap-1 rounded-md border border-input bg-card px-1.5 py-1 text-sm shadow-xs transition-colors",
        "focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/30 aria-invalid:border-destructive",
      )}
    >
      {chips.map((chip) => {
        const ok = looksLikeEmail(chip);
        return (
          <span
            key={chip}
            data-testid="email-chip"
            className={cn(
              "inline-flex max-w-full items-center gap-1 rounded-full py-0.5 pr-1 pl-2.5 text-xs font-medium",
              ok ? "bg-primary/12 text-primary" : "bg-destructive/12 text-destructive",
            )}
          >
            <span className="truncate">{chip}</span>
            <button
              type="button"
              onClick={() =>
                onChange(
                  chips.filter((c) => c !== chip),
                  draft,
                )
              }
              className="rounded-full p-0.5 hover:bg-foreground/10 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              aria-label={t("invite.removeEmail", { email: chip })}
            >
              <XIcon className="size-3" aria-hidden="true" />
            </button>
          </span>
        );
      })}
      <input
        ref={input}
        id={id}
        type="text"
        inputMode="email"
        autoComplete="off"
        // biome-ignore lint/a11y/noAutofocus: the flyout opens to type e-mails
        autoFocus={autoFocus}
        value={draft}
        onChange={(event) => {
          const value = event.target.value;
          // Typed or autocompleted separators (mobile keyboards send no keydown for them).
          if (/[\s,]$/.test(value) && value.trim()) commit(value);
          else onChange(chips, value);
        }}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onBlur={() => draft.trim() && commit(draft)}
        aria-describedby={describedBy}
        placeholder={chips.length ? "" : t("invite.emailPlaceholder")}
        className="h-7 min-w-40 flex-1 bg-transparent px-1 outline-none placeholder:text-muted-foreground"
      />
    </div>
  );
}
