import { describe, expect, it } from "vitest";
import { runSteps, undoSteps, type Step, type StepFailure } from "../../server/lib/steps";

/** Steps that write what they do into a shared log; `fail` names the step whose run throws. */
function recordingSteps(
  names: string[],
  options: { fail?: string; failedWith?: StepFailure; undoFails?: string } = {},
) {
  const log: string[] = [];
  const steps: Step<{ log: string[] }>[] = names.map((name) => ({
    name,
    async run(context) {
      context.log.push(`run ${name}`);
      if (name === options.fail) throw new Error(`${name} failed`);
    },
    async undo(context) {
      if (name === options.undoFails) throw new Error(`undo ${name} failed`);
      context.log.push(`undo ${name}`);
    },
    ...(options.failedWith && name === options.fail
      ? { failedWith: () => options.failedWith! }
      : {}),
  }));
  return { steps, context: { log } };
}

describe("runSteps: named steps with their undo", () => {
  it("runs every step in order and undoes nothing when all succeed", async () => {
    const { steps, context } = recordingSteps(["validate", "reserve", "create"]);
    await runSteps(steps, context);
    expect(context.log).toEqual(["run validate", "run reserve", "run create"]);
  });

  it("undoes, newest first, the failing step (it may have done part of its work) and every step before it", async () => {
    const { steps, context } = recordingSteps(["open", "claim", "reserve", "create"], {
      fail: "reserve",
    });
    await expect(runSteps(steps, context)).rejects.toThrow("reserve failed");
    expect(context.log).toEqual([
      "run open",
      "run claim",
      "run reserve",
      "undo reserve",
      "undo claim",
      "undo open",
    ]);
  });

  it("skips the failing step's own undo when it left nothing behind", async () => {
    const { steps, context } = recordingSteps(["open", "claim", "reserve"], {
      fail: "reserve",
      failedWith: "nothing",
    });
    await expect(runSteps(steps, context)).rejects.toThrow("reserve failed");
    expect(context.log).toEqual([
      "run open",
      "run claim",
      "run reserve",
      "undo claim",
      "undo open",
    ]);
  });

  it("undoes nothing when the failing step's write landed after all (the order owns what was taken)", async () => {
    const { steps, context } = recordingSteps(["open", "reserve", "create", "clear"], {
      fail: "create",
      failedWith: "committed",
    });
    await expect(runSteps(steps, context)).rejects.toThrow("create failed");
    expect(context.log).toEqual(["run open", "run reserve", "run create"]);
  });

  it("stops undoing at an undo that throws, so the earlier steps keep their record for the background job", async () => {
    const { steps, context } = recordingSteps(["open", "claim", "reserve", "create"], {
      fail: "create",
      failedWith: "nothing",
      undoFails: "claim",
    });
    await expect(runSteps(steps, context)).rejects.toThrow("create failed");
    expect(context.log).toEqual([
      "run open",
      "run claim",
      "run reserve",
      "run create",
      "undo reserve",
    ]);
    // undoSteps alone answers whether everything was undone, and never throws.
    const again = recordingSteps(["open", "claim"], { undoFails: "claim" });
    expect(await undoSteps(again.steps, again.context)).toBe(false);
    expect(again.context.log).toEqual([]);
  });
});
