// Sign-in and the other public pages (no session needed).
export { LoginPage } from "@/features/auth/login-page";
export { PublicInfoPage } from "@/features/auth/public-info-page";
export { SuccessPage } from "@/features/auth/success-page";
