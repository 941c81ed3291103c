import {
  createContext,
  createElement,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { readString, storageKeys, writeString } from "../session/storage";
import { resolvePlurals } from "./i18n-plural";
import type { MessageKey } from "./locales/en";
import { english } from "./locales/english";

export type { MessageKey };
export type Lang = "en" | "hr";
export type MessageVars = Record<string, string | number>;
export type TFunction = (key: MessageKey, vars?: MessageVars) => string;

export const languages: ReadonlyArray<{ code: Lang; label: string }> = [
  { code: "en", label: "English" },
  { code: "hr", label: "Hrvatski" },
];

type Dictionary = Partial<Record<MessageKey, string>>;

/**
 * English (the fallback of every key) is bundled in parts, each loaded with the modules that use it
 * (./locales/english.ts); another language's texts load whole in a chunk of their own.
 */
const dictionaries: Partial<Record<Lang, Dictionary>> = { en: english };

/** Loads `lang`'s texts (at once for English); main.tsx awaits the stored language before the first render. */
export async function loadLanguage(lang: Lang): Promise<void> {
  if (dictionaries[lang]) return;
  if (lang === "hr") dictionaries.hr = (await import("./locales/hr")).hr;
}

function isLang(value: string | null): value is Lang {
  return value === "en" || value === "hr";
}

export function storedLang(): Lang {
  const value = readString(storageKeys.lang);
  return isLang(value) ? value : "en";
}

/** Looks a key up in `lang`, falls back to English (the key itself if its part is not loaded), picks plural forms (i18n-plural.ts), then fills `{name}` placeholders. */
export function translate(lang: Lang, key: MessageKey, vars?: MessageVars): string {
  const template = dictionaries[lang]?.[key] ?? english[key];
  if (template === undefined) {
    // A part not loaded where its key is named (web/build/text-parts.test.ts guards against it): the key, not a crash.
    console.error("Text not loaded", key);
    return key;
  }
  if (!vars) return template;
  // Plural parts first (their forms may hold placeholders), then the placeholders.
  return resolvePlurals(lang, template, vars).replace(/\{(\w+)\}/g, (match, name: string) =>
    name in vars ? String(vars[name]) : match,
  );
}

type I18nValue = { lang: Lang; setLang: (lang: Lang) => void; t: TFunction };

const I18nContext = createContext<I18nValue>({
  lang: "en",
  setLang: () => {},
  t: (key, vars) => translate("en", key, vars),
});

export function I18nProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Lang>(storedLang);
  const setLang = useCallback((next: Lang) => {
    writeString(storageKeys.lang, next);
    void loadLanguage(next).then(
      () => setLangState(next),
      (error: unknown) => console.error("Language failed to load", next, error),
    );
  }, []);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  const value = useMemo<I18nValue>(
    () => ({ lang, setLang, t: (key, vars) => translate(lang, key, vars) }),
    [lang, setLang],
  );
  return createElement(I18nContext.Provider, { value }, children);
}

export function useI18n() {
  return useContext(I18nContext);
}

/** The translate function for the current language. */
export function useT(): TFunction {
  return useContext(I18nContext).t;
}
