// Sign-in and its landing page (no session needed). The account-lifecycle pages are public-info.ts.
export { LoginPage } from "@/features/auth/login-page";
export { SuccessPage } from "@/features/auth/success-page";
