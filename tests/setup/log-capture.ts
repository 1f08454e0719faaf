import { pino } from "pino";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { logger } from "../../server/lib/logger";

/**
 * Registers hooks that point the shop's real logger (its redaction and serializers) at an array
 * instead of stdout, at level info (tests run with LOG_LEVEL=silent), emptied before each test and
 * put back afterwards. Answers the array of raw lines.
 */
export function captureLogLines(): string[] {
  const lines: string[] = [];
  const streamSym = pino.symbols.streamSym as unknown as keyof typeof logger;
  let originalStream: unknown;
  let originalLevel: string;
  beforeAll(() => {
    originalStream = logger[streamSym];
    originalLevel = logger.level;
    (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = {
      write: (line: string) => lines.push(line),
    };
    logger.level = "info";
  });
  beforeEach(() => {
    lines.length = 0;
  });
  afterAll(() => {
    (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = originalStream;
    logger.level = originalLevel;
  });
  return lines;
}
