import "@/lib/i18n/locales/en-auth";
import { ArrowLeftIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ThemeToggle } from "@/app/theme-toggle";
import { Logo } from "@/components/brand/logo";
import { Button, type ButtonProps } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
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

type AuthCardProps = {
  title: ReactNode;
  description: ReactNode;
  /** Classes of the card's content (the form's column). */
  contentClassName?: string;
  children: ReactNode;
};

/** A public page whose card has a title and a line of text above its form (sign-in, the lifecycle forms). */
export function AuthCard({ title, description, contentClassName, children }: AuthCardProps) {
  return (
    <AuthLayout>
      <Card>
        <CardHeader className="pb-4">
          <CardTitle className="text-lg">{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className={contentClassName}>{children}</CardContent>
      </Card>
    </AuthLayout>
  );
}

/** The way back to the sign-in page from a public page. */
export function BackToLogin(props: Pick<ButtonProps, "variant" | "size" | "className">) {
  const t = useT();
  return (
    <Button asChild {...props}>
      <Link to="/login">
        <ArrowLeftIcon aria-hidden="true" />
        {t("public.backToLogin")}
      </Link>
    </Button>
  );
}
