import { ContentVersion, onLocalContentChange } from "../../models/content-version.model.js";

/**
 * An in-process copy of some storefront content that every page reads (the campaign popups), kept
 * current the way the shop settings are: a read uses the copy while it is younger than
 * `checkAfterMs`; after that one read looks at the content's version document (a tiny read by `_id`,
 * models/content-version.model.ts) and only a changed version loads the content again. A write in
 * this process drops the copy at once (the next page has it); another instance's write is seen
 * within `checkAfterMs` plus one load. A full load every `reloadAfterMs` heals a change whose version
 * was never recorded (a process killed between the write and its record).
 */
export interface VersionedCopy<T> {
  read(): Promise<T>;
  /** Forgets the copy (tests empty the database behind the shop's back). */
  invalidate(): void;
  /** The copy held now, without any check (undefined before the first read or after a write). */
  peek(): T | undefined;
  /**
   * Which copy is held: changes whenever the copy does (a load, a local write, invalidate());
   * undefined while none is. Cheap and synchronous: the page cache compares it on every request.
   */
  version(): string | undefined;
}

interface Copy<T> {
  value: T;
  epoch: string | null;
  version: number;
  checkedAt: number;
  loadedAt: number;
}

export function versionedCopy<T>(options: {
  /** The content's version document (`_id` in content_versions). */
  id: string;
  load: () => Promise<T>;
  checkAfterMs: number;
  reloadAfterMs: number;
}): VersionedCopy<T> {
  const { id, load, checkAfterMs, reloadAfterMs } = options;
  let copy: Copy<T> | undefined;
  /** Goes up with every local write: a read that started before one is not kept as current. */
  let generation = 0;
  let pending: { generation: number; answer: Promise<T> } | undefined;

  onLocalContentChange(id, () => {
    generation += 1;
    copy = undefined;
  });

  async function refresh(): Promise<T> {
    const startedIn = generation;
    const now = Date.now();
    // The version before the content: a write after this read is seen by the next check.
    const head = await ContentVersion.findById(id, { epoch: 1, version: 1 }).lean();
    const epoch = head?.epoch ?? null;
    const version = head?.version ?? 0;
    if (
      copy &&
      copy.epoch === epoch &&
      copy.version === version &&
      now - copy.loadedAt < reloadAfterMs
    ) {
      copy.checkedAt = now;
      return copy.value;
    }
    const value = await load();
    if (startedIn === generation) copy = { value, epoch, version, checkedAt: now, loadedAt: now };
    return value;
  }

  return {
    read() {
      if (copy && Date.now() - copy.checkedAt < checkAfterMs) return Promise.resolve(copy.value);
      // One check at a time per process; reads arriving meanwhile share it, unless a local write
      // came in between (theirs must see it).
      if (!pending || pending.generation !== generation) {
        const started = { generation, answer: refresh() };
        pending = started;
        void started.answer
          .finally(() => {
            if (pending === started) pending = undefined;
          })
          .catch(() => undefined);
      }
      return pending.answer;
    },
    invalidate() {
      generation += 1;
      copy = undefined;
    },
    peek() {
      return copy?.value;
    },
    version() {
      return copy && `${generation}.${copy.epoch ?? "-"}.${copy.version}.${copy.loadedAt}`;
    },
  };
}
