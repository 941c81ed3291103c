import type { MessageKey } from "./en";

/** Croatian strings of the pages that open signed out (partial; the rest falls back to English). */
export const hrAuth: Partial<Record<MessageKey, string>> = {
  "login.profileFailed": "Prijavljeni ste, ali vaš se račun nije mogao učitati. Pokušajte ponovno.",
  "public.registration.title": "Dovršite registraciju",
  "public.registration.text": "Otvorite poveznicu iz e-poruke s pozivnicom kako biste postavili svoj račun.",
  "public.spaceJoin.title": "Pridružite se prostoru",
  "public.spaceJoin.text":
    "Otvorite poveznicu iz e-poruke s pozivnicom kako biste se pridružili prostoru u koji ste pozvani.",
  "public.passwordUpdate.title": "Postavite lozinku",
  "public.passwordUpdate.text": "Otvorite poveznicu iz e-poruke koju smo vam poslali kako biste odabrali novu lozinku.",
  "public.passwordReset.title": "Ponovno postavite lozinku",
  "public.passwordReset.text":
    "Otvorite poveznicu za ponovno postavljanje iz e-poruke koju smo vam poslali kako biste odabrali novu lozinku.",
  "public.updateAccount.title": "Ažurirajte račun",
  "public.updateAccount.text":
    "Otvorite poveznicu iz e-poruke koju smo vam poslali kako biste ažurirali podatke računa.",
  "public.forgotPassword.title": "Zaboravili ste lozinku?",
  "public.forgotPassword.text":
    "Zamolite administratora prostora da vam pošalje e-poruku za ponovno postavljanje lozinke, a zatim otvorite poveznicu iz nje.",
  "public.changePassword.title": "Promijenite lozinku",
  "public.changePassword.text": "Otvorite poveznicu iz e-poruke koju smo vam poslali kako biste promijenili lozinku.",
  "success.linkExpired.title": "Ova je poveznica istekla",
  "success.linkExpired.text": "Poveznica koju ste otvorili više ne vrijedi. Zatražite novu i pokušajte ponovno.",
  "success.notSetUp.title": "Vaš račun još nije potpuno postavljen",
  "success.notSetUp.text":
    "Poslali smo vam e-poruku s poveznicom za postavljanje lozinke. Otvorite je kako biste dovršili postavljanje.",
  "success.emailError.title": "Ta adresa e-pošte nije ispravna",
  "success.emailError.text": "Provjerite je li adresa ispravno upisana i pokušajte ponovno.",
  "success.notAllowed.title": "Ne možete se pridružiti ovom prostoru",
  "success.notAllowed.text": "Ova pozivnica više ne postoji. Zamolite administratora prostora da vas ponovno pozove.",
  "success.resetSent.title": "Ponovno postavljanje već je zatraženo",
  "success.resetSent.text":
    "Poveznica za ponovno postavljanje lozinke već je poslana. Provjerite svoj sandučić e-pošte.",
  "success.notActive.title": "Ovaj račun nije aktivan",
  "success.notActive.text": "To nije dopušteno za račune koji nisu aktivni. Obratite se administratoru prostora.",
  "success.done.title": "Gotovo",
  "success.done.text": "Sada se možete prijaviti.",
};
