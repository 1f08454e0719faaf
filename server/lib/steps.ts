import { logger } from "./logger.js";

/**
 * One named step of a multi-write operation (placing an order). No transactions: each step is
 * one or a few guarded writes, and `undo` gives back what `run` took. An undo must be safe after
 * a partial or repeated run (every give-back is a conditional write that happens once).
 */
export interface Step<Context> {
  name: string;
  run(context: Context): Promise<void>;
  undo?(context: Context): Promise<void>;
  /**
   * After `run` threw: what it left behind. "partial" (the default): it may have taken part of
   * its work, so its own undo runs too. "nothing": only the earlier steps are undone.
   * "committed": its write landed after all (e.g. a lost reply), so nothing is undone.
   */
  failedWith?(context: Context, error: unknown): Promise<StepFailure> | StepFailure;
}

export type StepFailure = "partial" | "nothing" | "committed";

export interface StepOptions<Context> {
  /** What identifies this run in the log line of an undo that failed (e.g. the reservation id). */
  logFields?: (context: Context) => Record<string, unknown>;
}

/**
 * Runs the steps in order. When one throws, the undo of every step that ran (see `failedWith`)
 * runs newest first, then the error is rethrown.
 */
export async function runSteps<Context>(
  steps: readonly Step<Context>[],
  context: Context,
  options: StepOptions<Context> = {},
): Promise<void> {
  for (const [index, step] of steps.entries()) {
    try {
      await step.run(context);
    } catch (error) {
      const failure = (await step.failedWith?.(context, error)) ?? "partial";
      if (failure !== "committed")
        await undoSteps(
          steps.slice(0, failure === "partial" ? index + 1 : index),
          context,
          options,
        );
      throw error;
    }
  }
}

/**
 * Undoes the steps newest first. An undo that throws stops the rest, so the earlier steps keep
 * their record of what is still held (for a checkout, the reservation journal entry, which the
 * reconciliation job then settles). Never throws; answers whether every undo ran.
 */
export async function undoSteps<Context>(
  steps: readonly Step<Context>[],
  context: Context,
  options: StepOptions<Context> = {},
): Promise<boolean> {
  for (const step of [...steps].reverse()) {
    if (!step.undo) continue;
    try {
      await step.undo(context);
    } catch (error) {
      logger.error(
        { err: error, step: step.name, ...options.logFields?.(context) },
        "undo incomplete; left for the background job",
      );
      return false;
    }
  }
  return true;
}
