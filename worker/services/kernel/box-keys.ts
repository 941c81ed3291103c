/**
 * The AES-GCM keys of what is stored sealed (installation codes, the mail outbox, alert channel
 * secrets), each its own HKDF purpose from the INSTALLATION_CODE_KEY secret. In kernel/: the
 * installation codes, the mail outbox and alerting all use them, and kernel imports no domain.
 */
import { deriveBoxKey } from "../../lib/crypto-box.ts";

/** Production without the INSTALLATION_CODE_KEY secret: no code is made (none is stored in clear). */
export const MISSING_CODE_KEY =
  "INSTALLATION_CODE_KEY is not set: production stores installation codes only encrypted with a key from this secret (see docs/deploy.md).";
/** At least this many characters (e.g. `openssl rand -base64 32` gives 44). */
const MIN_SECRET_LENGTH = 32;
/**
 * Outside production, without the secret: a fixed, public key, so local runs and tests keep codes
 * readable across restarts. It protects nothing and production never uses it.
 */
const DEV_SECRET = "outpost development installation code key (public, not for production)";
const INFO = "outpost/installation-code/v1";
const MAIL_INFO = "outpost/mail-outbox/v1";

const keys = new Map<string, Promise<CryptoKey>>();

type KeyEnv = { ENVIRONMENT: string; INSTALLATION_CODE_KEY?: string };

/** The key for one purpose (`info`) from INSTALLATION_CODE_KEY, or the dev key outside production. */
function boxKey(env: KeyEnv, info: string): Promise<CryptoKey> {
  const secret = env.INSTALLATION_CODE_KEY?.trim();
  if (!secret && env.ENVIRONMENT === "production") return Promise.reject(new Error(MISSING_CODE_KEY));
  if (secret && secret.length < MIN_SECRET_LENGTH && env.ENVIRONMENT === "production") {
    return Promise.reject(new Error(`INSTALLATION_CODE_KEY must have at least ${MIN_SECRET_LENGTH} characters.`));
  }
  const material = secret || DEV_SECRET;
  const cacheKey = `${info}\n${material}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = deriveBoxKey(material, info);
    keys.set(cacheKey, key);
  }
  return key;
}

/**
 * The installation codes' AES-GCM key: from INSTALLATION_CODE_KEY, or the dev key outside
 * production (the Worker's env; the demo seed passes its own).
 */
export const installationCodeKey = (env: KeyEnv): Promise<CryptoKey> => boxKey(env, INFO);

/**
 * The mail outbox's key (its own HKDF purpose from the same secret): mails carrying an installation
 * code, an invitation or a password link are stored sealed until sent. Production without a usable
 * secret gives null: those mails are then stored as they are (codes are not issued at all there).
 */
export const mailOutboxKey = (env: KeyEnv): Promise<CryptoKey | null> => boxKey(env, MAIL_INFO).catch(() => null);
