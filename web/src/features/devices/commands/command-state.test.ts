import { CommandState } from "@contracts/commands/queue";
import { describe, expect, it } from "vitest";
import { translate } from "@/lib/i18n";
import { COMMAND_STATE_LOOKS, commandStateLook, isCancellable, isDryRun, recordLook } from "./command-state";

describe("command state badges", () => {
  const states = CommandState.options;

  it("has a look for every state, each with its own word, hint, colour and icon", () => {
    expect(Object.keys(COMMAND_STATE_LOOKS).sort()).toEqual([...states].sort());
    const looks = states.map(commandStateLook);
    const distinct = (values: unknown[]) => new Set(values).size;
    expect(distinct(looks.map((look) => look.className))).toBe(states.length);
    expect(distinct(looks.map((look) => look.icon))).toBe(states.length);
    expect(distinct(looks.map((look) => translate("en", look.label)))).toBe(states.length);
    expect(distinct(looks.map((look) => translate("en", look.hint)))).toBe(states.length);
  });

  it("words the states as the operator reads them", () => {
    const word = (state: CommandState) => translate("en", commandStateLook(state).label);
    expect(word("queued")).toBe("Queued");
    expect(word("acked")).toBe("Acknowledged");
    expect(word("in_doubt")).toBe("In doubt");
    expect(word("unavailable")).toBe("Unavailable");
  });

  it("colours the outcomes by what they mean", () => {
    expect(commandStateLook("succeeded").className).toContain("text-success");
    expect(commandStateLook("failed").className).toContain("text-destructive");
    expect(commandStateLook("in_doubt").className).toContain("text-warning");
    expect(commandStateLook("queued").className).toContain("text-info");
  });

  it("only a queued command can be cancelled", () => {
    expect(states.filter(isCancellable)).toEqual(["queued"]);
  });

  it("a dry run reads 'Dry run', never 'Succeeded'", () => {
    const dry = { state: "succeeded" as const, result: { dry_run: true, would_run: "systemctl --no-block reboot" } };
    expect(isDryRun(dry)).toBe(true);
    expect(isDryRun({ state: "succeeded", result: { dry_run: false } })).toBe(false);
    expect(isDryRun({ state: "failed", result: { dry_run: true } })).toBe(false);
    expect(translate("en", recordLook("succeeded", true).label)).toBe("Dry run");
    expect(recordLook("succeeded", false)).toBe(COMMAND_STATE_LOOKS.succeeded);
    expect(recordLook("failed", true)).toBe(COMMAND_STATE_LOOKS.failed);
  });
});
