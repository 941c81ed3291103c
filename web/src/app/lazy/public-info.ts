// The account-lifecycle pages (registration, joining a space, setting or resetting a password, asking for a link): their forms use zod, which /login does not load.
export { PublicInfoPage } from "@/features/auth/public-info-page";
export { SuccessPage } from "@/features/auth/success-page";
