import { describe, expect, it } from "vitest";
import { deriveBoxKey, openText, sealText } from "../../worker/lib/crypto-box.ts";
import { codeAad, openCode, sealCode } from "../../worker/services/installation/code-box.ts";
import { installationCodeKey, MISSING_CODE_KEY, mailOutboxKey } from "../../worker/services/kernel/box-keys.ts";

const SECRET = "a test secret of at least thirty-two characters";

describe("crypto-box (AES-256-GCM, HKDF key)", () => {
  it("opens what it sealed; a fresh 96-bit IV every time; no clear text in the box", async () => {
    const key = await deriveBoxKey(SECRET, "test/v1");
    const a = await sealText(key, "ABCDEFGHJKMNPQRS", "row-1");
    const b = await sealText(key, "ABCDEFGHJKMNPQRS", "row-1");
    expect(a).not.toBe(b);
    for (const box of [a, b]) {
      const [version, iv, sealed] = box.split(".");
      expect(version).toBe("v1");
      expect(iv).toHaveLength(16); // 12 bytes in base64url
      expect(sealed.length).toBeGreaterThan(16); // 16 bytes of text + 16 bytes of tag
      expect(box).not.toContain("ABCD");
      expect(await openText(key, box, "row-1")).toBe("ABCDEFGHJKMNPQRS");
    }
  });

  it("gives null, never throws, for a tampered box, another row, another key or garbage", async () => {
    const key = await deriveBoxKey(SECRET, "test/v1");
    const box = await sealText(key, "ABCDEFGHJKMNPQRS", "row-1");
    const [version, iv, sealed] = box.split(".");
    const flip = (text: string, at: number) =>
      `${text.slice(0, at)}${text[at] === "A" ? "B" : "A"}${text.slice(at + 1)}`;
    expect(await openText(key, `${version}.${iv}.${flip(sealed, 3)}`, "row-1")).toBeNull();
    expect(await openText(key, `${version}.${flip(iv, 2)}.${sealed}`, "row-1")).toBeNull();
    expect(await openText(key, `${version}.${iv}.${sealed.slice(0, -2)}`, "row-1")).toBeNull();
    expect(await openText(key, box, "row-2")).toBeNull();
    expect(await openText(await deriveBoxKey(SECRET, "other/v1"), box, "row-1")).toBeNull();
    expect(await openText(await deriveBoxKey(`${SECRET}!`, "test/v1"), box, "row-1")).toBeNull();
    for (const junk of ["", "v1", "v1..", `v2.${iv}.${sealed}`, `v1.${iv}.${sealed}.x`, "v1.***.***", "v1.QQ.QQ"]) {
      expect(await openText(key, junk, "row-1")).toBeNull();
    }
  });
});

describe("installation code key", () => {
  const row = { uuid: "c-1", space_uuid: "s-1", device_uuid: "d-1" };

  it("production refuses without INSTALLATION_CODE_KEY (or with a short one); elsewhere a dev key", async () => {
    await expect(installationCodeKey({ ENVIRONMENT: "production" })).rejects.toThrow(MISSING_CODE_KEY);
    await expect(installationCodeKey({ ENVIRONMENT: "production", INSTALLATION_CODE_KEY: " " })).rejects.toThrow(
      MISSING_CODE_KEY,
    );
    await expect(installationCodeKey({ ENVIRONMENT: "production", INSTALLATION_CODE_KEY: "short" })).rejects.toThrow(
      /at least 32 characters/,
    );
    const production = await installationCodeKey({ ENVIRONMENT: "production", INSTALLATION_CODE_KEY: SECRET });
    const dev = await installationCodeKey({ ENVIRONMENT: "development" });
    const box = await sealCode(production, "ABCDEFGHJKMNPQRS", row);
    expect(await openCode(production, box, row)).toBe("ABCDEFGHJKMNPQRS");
    // The dev key is another key: a production box does not open with it.
    expect(await openCode(dev, box, row)).toBeNull();
    // The same secret gives the same key (codes survive restarts and isolates).
    const again = await installationCodeKey({ ENVIRONMENT: "production", INSTALLATION_CODE_KEY: SECRET });
    expect(await openCode(again, box, row)).toBe("ABCDEFGHJKMNPQRS");
  });

  it("binds a sealed code to its row, device and space", async () => {
    const key = await installationCodeKey({ ENVIRONMENT: "test" });
    const box = await sealCode(key, "ABCDEFGHJKMNPQRS", row);
    expect(codeAad(row)).toBe("installation_code:s-1:d-1:c-1");
    expect(await openCode(key, box, { ...row, uuid: "c-2" })).toBeNull();
    expect(await openCode(key, box, { ...row, device_uuid: "d-2" })).toBeNull();
    expect(await openCode(key, box, { ...row, space_uuid: "s-2" })).toBeNull();
  });
});

describe("mail outbox key", () => {
  it("is its own key from the same secret; production without a usable secret has none", async () => {
    expect(await mailOutboxKey({ ENVIRONMENT: "production" })).toBeNull();
    expect(await mailOutboxKey({ ENVIRONMENT: "production", INSTALLATION_CODE_KEY: "short" })).toBeNull();
    const mail = await mailOutboxKey({ ENVIRONMENT: "production", INSTALLATION_CODE_KEY: SECRET });
    const code = await installationCodeKey({ ENVIRONMENT: "production", INSTALLATION_CODE_KEY: SECRET });
    expect(mail).not.toBeNull();
    if (!mail) return;
    const box = await sealText(mail, "Your code: ABCD-EFGH-JKMN-PQRS", "mail_outbox:m-1:text");
    expect(await openText(mail, box, "mail_outbox:m-1:text")).toBe("Your code: ABCD-EFGH-JKMN-PQRS");
    // A box of the outbox does not open with the codes' key (separate HKDF purposes).
    expect(await openText(code, box, "mail_outbox:m-1:text")).toBeNull();
  });
});
