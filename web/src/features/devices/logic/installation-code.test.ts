import type { InstallationCodeCurrent } from "@contracts/installation/schema";
import { describe, expect, it } from "vitest";
import { codeView, currentOf } from "./installation-code";

const now = Date.parse("2026-11-23T12:00:00.000Z");
const inHours = (h: number) => new Date(now + h * 3600_000).toISOString();
const read = (over: Partial<InstallationCodeCurrent>): InstallationCodeCurrent => ({
  installation_code_status: "active",
  installation_code_value: "ABCDEFGHJKMNPQRS",
  installation_code_blocks: ["ABCD", "EFGH", "JKMN", "PQRS"],
  installation_code_expires_at: inHours(23),
  ...over,
});

describe("codeView (installation-code card)", () => {
  it("shows the code in blocks of 4 for its whole validity, expired once its time is up", () => {
    expect(codeView({ read: read({}), deviceExpiresAt: inHours(23), now })).toEqual({
      kind: "code",
      blocks: ["ABCD", "EFGH", "JKMN", "PQRS"],
      expiresAt: inHours(23),
    });
    // The countdown reaches zero while the card is open: expired without a new read.
    const at = inHours(-0.001);
    expect(codeView({ read: read({ installation_code_expires_at: at }), deviceExpiresAt: at, now })).toEqual({
      kind: "expired",
      expiresAt: at,
    });
  });

  it("says why there is no code: expired, used, hidden (made before codes were kept), none", () => {
    const gone = { installation_code_value: null, installation_code_blocks: [] };
    const at = inHours(-1);
    expect(
      codeView({
        read: read({ ...gone, installation_code_status: "expired", installation_code_expires_at: at }),
        deviceExpiresAt: at,
        now,
      }),
    ).toEqual({ kind: "expired", expiresAt: at });
    expect(codeView({ read: read({ ...gone, installation_code_status: "used" }), deviceExpiresAt: null, now })).toEqual(
      {
        kind: "used",
      },
    );
    expect(
      codeView({ read: read({ ...gone, installation_code_status: "hidden" }), deviceExpiresAt: inHours(23), now }),
    ).toEqual({
      kind: "hidden",
      expiresAt: inHours(23),
    });
    expect(
      codeView({
        read: read({ ...gone, installation_code_status: "none", installation_code_expires_at: null }),
        deviceExpiresAt: null,
        now,
      }),
    ).toEqual({ kind: "none" });
  });

  it("a Viewer (or a failed read) gets the countdown without the code; loading waits", () => {
    expect(codeView({ read: "restricted", deviceExpiresAt: inHours(5), now })).toEqual({
      kind: "restricted",
      expiresAt: inHours(5),
    });
    expect(codeView({ read: "failed", deviceExpiresAt: inHours(5), now })).toEqual({
      kind: "failed",
      expiresAt: inHours(5),
    });
    expect(codeView({ read: "restricted", deviceExpiresAt: inHours(-1), now })).toEqual({
      kind: "expired",
      expiresAt: inHours(-1),
    });
    expect(codeView({ read: "restricted", deviceExpiresAt: null, now })).toEqual({ kind: "none" });
    expect(codeView({ read: "loading", deviceExpiresAt: inHours(5), now })).toEqual({ kind: "loading" });
  });

  it("a Reset reply reads like the read's answer, in blocks of 4", () => {
    expect(
      currentOf({ installation_code_value: "ABCDEFGHJKMNPQRS", installation_code_expires_at: inHours(24) }),
    ).toEqual(read({ installation_code_expires_at: inHours(24) }));
  });
});
