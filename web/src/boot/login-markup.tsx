import "@/lib/i18n/locales/en-auth";
/*
 * The sign-in page's first paint, rendered at build time (web/build/login-prerender.ts) into the HTML
 * served for /login: on a phone network the page is otherwise blank until ~140 KB of JS has downloaded
 * and run. The same components as LoginPage (a fresh load carries no hand-off notice and no pending
 * sign-in), so the markup cannot drift from what React paints when it takes over.
 */
import { SunIcon } from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { AuthCard } from "@/features/auth/auth-layout";
import { LoginForm } from "@/features/auth/login-form";
import { useT } from "@/lib/i18n";

function LoginFirstPaint() {
  const t = useT();
  return (
    <AuthCard title={t("login.title")} description={t("login.subtitle")}>
      <LoginForm pending={false} error={null} onSubmit={() => {}} />
    </AuthCard>
  );
}

/** The page's markup in English (the build's language; another stored language gets the plain shell). */
export function renderLoginMarkup(): string {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={["/login"]}>
      {/* No I18nProvider: its default is English, and it would read the build machine's storage. */}
      <LoginFirstPaint />
    </MemoryRouter>,
  );
}

/** The theme toggle's dark-theme icon, as ThemeToggle renders it (login.html shows it in the dark theme). */
export function renderSunIcon(): string {
  return renderToStaticMarkup(<SunIcon aria-hidden="true" />);
}
