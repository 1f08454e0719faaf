/**
 * Just enough of Docker's file formats for `npm run check:image` to follow the Dockerfile instead
 * of repeating it: the stages and their instructions, and which context files `.dockerignore` keeps.
 */

export interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

export interface Stage {
  name?: string;
  base: string;
  instructions: Instruction[];
}

/** Splits a Dockerfile into stages; joins `\` continuations and drops comments and blank lines. */
export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index += 1) {
    const start = index + 1;
    let current = lines[index].trim();
    if (current === "" || current.startsWith("#")) continue;
    while (current.endsWith("\\") && index + 1 < lines.length) {
      index += 1;
      const next = lines[index].trim();
      // Comment and blank lines inside a continuation are dropped; the instruction goes on.
      if (next === "" || next.startsWith("#")) continue;
      current = `${current.slice(0, -1).trimEnd()} ${next}`;
    }
    const [, keyword, args = ""] = /^(\S+)\s*(.*)$/.exec(current) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args: args.trim(), line: start };
    if (instruction.keyword === "FROM") {
      const [base, as, name] = instruction.args.split(/\s+/);
      stages.push({ base, name: as?.toUpperCase() === "AS" ? name : undefined, instructions: [] });
    } else if (stages.length === 0) {
      if (instruction.keyword !== "ARG")
        throw new Error(`Dockerfile line ${start}: ${keyword} before the first FROM`);
    } else {
      stages[stages.length - 1].instructions.push(instruction);
    }
  }
  return stages;
}

/** Words of a shell-form argument list, split at unquoted spaces, quotes removed (`A="b c"` is one word). */
export function splitWords(args: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const char = args[index];
    if (quote) {
      if (char === quote) quote = undefined;
      else if (char === "\\" && quote === '"' && index + 1 < args.length) word += args[++index];
      else word += char;
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      word ??= "";
      if (char === '"' || char === "'") quote = char;
      else if (char === "\\" && index + 1 < args.length) word += args[++index];
      else word += char;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** `CMD ["node", "x.js"]` (exec form) or `CMD node x.js` (shell form, run by /bin/sh -c). */
export function parseCommand(args: string): string[] {
  if (args.startsWith("[")) return JSON.parse(args) as string[];
  return ["/bin/sh", "-c", args];
}

/** `ENV A=1 B="two words"`, or the legacy `ENV A value with spaces`. */
export function parseEnv(args: string): Record<string, string> {
  const words = splitWords(args);
  if (words.length > 0 && !words[0].includes("=")) {
    const [key] = words;
    return { [key]: args.slice(args.indexOf(key) + key.length).trim() };
  }
  return Object.fromEntries(
    words.map((word) => {
      const at = word.indexOf("=");
      return [word.slice(0, at), word.slice(at + 1)];
    }),
  );
}

export interface CopyInstruction {
  from?: string;
  chown?: string;
  sources: string[];
  destination: string;
}

export function parseCopy(args: string): CopyInstruction {
  const flags = new Map<string, string>();
  const leadingFlag = /^--([a-z-]+)(?:=(\S*))?\s+/;
  let rest = args.trim();
  for (let match = leadingFlag.exec(rest); match; match = leadingFlag.exec(rest)) {
    flags.set(match[1], match[2] ?? "");
    rest = rest.slice(match[0].length);
  }
  const unsupported = [...flags.keys()].filter((flag) => flag !== "from" && flag !== "chown");
  if (unsupported.length > 0) throw new Error(`COPY --${unsupported[0]} is not supported`);
  const listed = rest.startsWith("[") ? (JSON.parse(rest) as string[]) : splitWords(rest);
  if (listed.length < 2) throw new Error(`COPY needs a source and a destination: ${args}`);
  return {
    from: flags.get("from"),
    chown: flags.get("chown"),
    sources: listed.slice(0, -1),
    destination: listed[listed.length - 1],
  };
}

/** `HEALTHCHECK --interval=30s CMD ...`: the command, without the options. */
export function parseHealthcheck(args: string): string[] | undefined {
  const at = args.search(/(^|\s)CMD\s/);
  if (at < 0) return undefined;
  return parseCommand(args.slice(args.indexOf("CMD", at) + 3).trim());
}

function globToRegExp(pattern: string): RegExp {
  let source = "";
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index];
    if (char === "*" && pattern[index + 1] === "*") {
      // `**/` matches any number of folders, none included; a trailing `**` matches everything.
      const slash = pattern[index + 2] === "/";
      source += slash ? "(?:.*/)?" : ".*";
      index += slash ? 2 : 1;
    } else if (char === "*") source += "[^/]*";
    else if (char === "?") source += "[^/]";
    else if (char === "[") {
      const end = pattern.indexOf("]", index);
      if (end < 0) source += "\\[";
      else {
        source += `[${pattern.slice(index + 1, end).replace(/^!/, "^")}]`;
        index = end;
      }
    } else source += char.replace(/[.+^${}()|\\/]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

function cleanPath(value: string): string {
  return value
    .replace(/\\/g, "/")
    .replace(/^(\.\/|\/)+/, "")
    .replace(/\/+$/, "");
}

export interface ContextFilter {
  /** A file (path relative to the context) that `docker build` would not send. */
  excludes(relativePath: string): boolean;
  /** A folder the copy can skip whole: excluded, and no `!` pattern could bring a file back. */
  skipsFolder(relativePath: string): boolean;
}

/**
 * `.dockerignore` as Docker reads it: Go-style globs with `**`, relative to the context root; a
 * pattern that matches a folder excludes what is in it; the last matching line wins, so `!` lines
 * re-include.
 */
export function parseDockerignore(text: string): ContextFilter {
  const rules = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const include = line.startsWith("!");
      const pattern = cleanPath(include ? line.slice(1).trim() : line);
      return { include, pattern, regexp: globToRegExp(pattern) };
    });
  const matches = (regexp: RegExp, relativePath: string) => {
    const parts = cleanPath(relativePath).split("/");
    return parts.some((_, at) => regexp.test(parts.slice(0, at + 1).join("/")));
  };
  const excludes = (relativePath: string) => {
    let excluded = false;
    for (const rule of rules) if (matches(rule.regexp, relativePath)) excluded = !rule.include;
    return excluded;
  };
  return {
    excludes,
    skipsFolder: (relativePath) => {
      const folder = cleanPath(relativePath);
      if (!excludes(folder)) return false;
      return !rules.some(
        (rule) =>
          rule.include && (rule.pattern.startsWith(`${folder}/`) || /[*?[]/.test(rule.pattern)),
      );
    },
  };
}

/**
 * What a compose service sets under `environment:` (map or list form), values as written, e.g.
 * `{JWT_SECRET: "${JWT_SECRET:?set it}", NODE_ENV: "production"}`. Reads the file's indentation
 * only: enough for this repository's docker-compose.yml, not general YAML.
 */
export function composeEnvironment(text: string, service: string): Record<string, string> {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== "" && !/^\s*#/.test(line));
  const indent = (line: string) => line.length - line.trimStart().length;
  const servicesAt = lines.findIndex((line) => line.trim() === "services:");
  const serviceAt = lines.findIndex((line, at) => at > servicesAt && line.trim() === `${service}:`);
  if (servicesAt < 0 || serviceAt < 0)
    throw new Error(`docker-compose.yml has no service ${service}`);
  const environment: Record<string, string> = {};
  let environmentIndent: number | undefined;
  for (const line of lines.slice(serviceAt + 1)) {
    if (indent(line) <= indent(lines[serviceAt])) break;
    if (environmentIndent === undefined) {
      if (line.trim() === "environment:") environmentIndent = indent(line);
      continue;
    }
    if (indent(line) <= environmentIndent) break;
    const entry = /^\s*(?:-\s*)?([A-Za-z_][A-Za-z0-9_]*)\s*(?::\s*|=)(.*)$/.exec(line);
    if (entry) environment[entry[1]] = entry[2].trim().replace(/^(["'])(.*)\1$/, "$2");
  }
  return environment;
}

/**
 * A compose value as `docker compose` would substitute it with nothing set in the shell:
 * `${X:-default}` gives the default, plain text is itself; `${X}` and `${X:?message}` need the
 * operator's value (undefined here).
 */
export function composeDefault(value: string): string | undefined {
  const variable = /^\$\{[A-Za-z_][A-Za-z0-9_]*(?:(:?-)(.*)|:?\?.*)?\}$/.exec(value);
  if (!variable) return value.includes("$") ? undefined : value;
  return variable[1] ? variable[2] : undefined;
}
