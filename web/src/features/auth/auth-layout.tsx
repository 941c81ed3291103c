import type { ReactNode } from "react";
import { ThemeToggle } from "@/app/theme-toggle";
import { Logo } from "@/components/brand/logo";
import { useT } from "@/lib/i18n";

/** The frame of every public page: product mark, a centred card, the theme toggle. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="flex h-14 items-center justify-between px-6">
        <Logo />
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-[12vh] pb-16">
        <div className="w-full max-w-sm">{children}</div>
      </main>
      <footer className="px-6 py-4 text-center text-xs text-muted-foreground">{t("app.tagline")}</footer>
    </div>
  );
}
