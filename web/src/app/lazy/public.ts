// Sign-in (no session needed). The account-lifecycle pages and their landing page are public-info.ts.
export { LoginPage } from "@/features/auth/login-page";
