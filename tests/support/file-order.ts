// The order vitest hands test files to its pool (tests/support/sequencer.ts), kept free of vitest's imports so a
// plain test can check it. The pool starts files in the order given, as workers free up (vitest 5's Pool is a
// FIFO), so a long file given last ends alone on one core while the other idles: longest first packs the run.

/** A test file as the sequencer sees it: its project, its path from the root, its size in bytes. */
export interface FileToOrder {
  project: string;
  /** The project's `sequence.groupOrder`: vitest runs each group after the one before, so it decides first. */
  groupOrder: number;
  /** Path from the repository root with `/` separators, the key of tests/durations.json. */
  file: string;
  /** Bytes on disk; null when it could not be read. Orders the files that have no recorded duration. */
  size: number | null;
}

/** tests/durations.json: seconds per file, under the `npm test` stage that ran it ("unit", "browser"). */
export type Durations = Record<string, Record<string, number>>;

/** Every file's recorded seconds, whatever stage recorded it (a file belongs to one project, so to one stage). */
export function secondsByFile(durations: Durations): Map<string, number> {
  const seconds = new Map<string, number>();
  for (const files of Object.values(durations)) for (const [file, s] of Object.entries(files)) seconds.set(file, s);
  return seconds;
}

const compareStrings = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Longest known first. A file with no recorded time (a new one) goes before every known one of its project,
 * larger first: its cost is unknown, and started last it could end the run alone.
 *
 * A project's files stay together, and the projects go longest-file first. The pool keeps a non-isolated
 * worker (`warm`, `pure`) for the next file only when that next file is of the same project; interleaving
 * them with `unit`'s isolated files would start a new worker, and pay its imports and PGlite again, at
 * nearly every file. With the projects whole, `unit` (the isolated files, which hold the longest ones) runs
 * first and `pure` (seconds each) fills the end.
 */
export function longestFirst<T extends FileToOrder>(files: readonly T[], seconds: ReadonlyMap<string, number>): T[] {
  const longestOfProject = new Map<string, number>();
  for (const f of files) {
    const s = seconds.get(f.file) ?? 0;
    if (s > (longestOfProject.get(f.project) ?? -1)) longestOfProject.set(f.project, s);
  }
  return [...files].sort((a, b) => {
    if (a.groupOrder !== b.groupOrder) return a.groupOrder - b.groupOrder;
    if (a.project !== b.project) {
      const byLongest = longestOfProject.get(b.project)! - longestOfProject.get(a.project)!;
      return byLongest || compareStrings(a.project, b.project);
    }
    const sa = seconds.get(a.file);
    const sb = seconds.get(b.file);
    if (sa === undefined || sb === undefined) {
      if (sa !== undefined) return 1;
      if (sb !== undefined) return -1;
      const bySize = (b.size ?? -1) - (a.size ?? -1);
      return bySize || compareStrings(a.file, b.file);
    }
    return sb - sa || compareStrings(a.file, b.file);
  });
}

/**
 * `--sequence.shuffle.files`: vitest's own shuffle (its RandomSequencer, which a custom sequencer replaces and
 * vitest does not export), the same steps from the same seed, so a seed printed by vitest or written in
 * docs/tests.md gives the order it gave before this sequencer.
 */
export function shuffled<T extends FileToOrder>(files: readonly T[], seed: number): T[] {
  // vitest sorts by project, then path, before it shuffles: the glob's order must not change the result.
  const array = [...files].sort((a, b) => compareStrings(a.project, b.project) || compareStrings(a.file, b.file));
  const random = (s: number) => {
    const x = Math.sin(s) * 1e4;
    return x - Math.floor(x);
  };
  let length = array.length;
  while (length) {
    const index = Math.floor(random(seed) * length--);
    [array[length], array[index]] = [array[index]!, array[length]!];
    ++seed;
  }
  return array;
}
