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
import { resolvePlurals } from "./i18n-plural";
import { en, type MessageKey } from "./locales/en";
import { hr } from "./locales/hr";
import { readString, storageKeys, writeString } from "./storage";

export type { MessageKey };
export type Lang = "en" | "hr";
export type MessageVars = Record<string, string | number>;
export type TFunction = (key: MessageKey, vars?: MessageVars) => string;

export const languages: ReadonlyArray<{ code: Lang; label: string }> = [
  { code: "en", label: "English" },
  { code: "hr", label: "Hrvatski" },
];

const dictionaries: Record<Lang, Partial<Record<MessageKey, string>>> = { en, hr };

function isLang(value: string | null): value is Lang {
  return value === "en" || value === "hr";
}

export function storedLang(): Lang {
  const value = readString(storageKeys.lang);
  return isLang(value) ? value : "en";
}

/** Looks a key up in `lang`, falls back to English, picks plural forms (i18n-plural.ts), then fills `{name}` placeholders. */
export function translate(lang: Lang, key: MessageKey, vars?: MessageVars): string {
  const template = dictionaries[lang][key] ?? en[key];
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
    setLangState(next);
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
