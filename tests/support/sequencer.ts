// vitest's `sequence.sequencer` for every project (vitest.config.ts): the order files start in, from the times
// committed in tests/durations.json (tests/support/file-order.ts says which order and why). vitest's own order
// needs its results cache (node_modules/.vite/vitest), which a fresh clone, as CI runs, does not have: it then
// orders by file size, and the longest files started late and ran on alone at the end.
import { existsSync, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { longestFirst, secondsByFile, shuffled, type Durations, type FileToOrder } from './file-order.ts';

export const DURATIONS_FILE = 'tests/durations.json';

type CliShuffle = boolean | { files?: boolean; tests?: boolean } | undefined;

export default class DurationSequencer extends BaseSequencer {
  override async sort(specs: TestSpecification[]): Promise<TestSpecification[]> {
    const { root, cliOptions, sequence } = this.ctx.config;
    const files = await Promise.all(specs.map(async (spec) => this.toOrder(spec, root)));
    const bySpec = new Map(files.map((f, i) => [f, specs[i]!]));
    // A custom sequencer takes the place of the one `--sequence.shuffle[.files]` would choose (vitest keeps a
    // configured sequencer), so the flag is honoured here: the docs tell people to shuffle to find order bugs.
    const shuffle = (cliOptions.sequence?.shuffle ?? this.ctx.config.sequence.shuffle) as CliShuffle;
    const ordered = shuffle === true || (typeof shuffle === 'object' && shuffle.files)
      ? shuffled(files, sequence.seed)
      : longestFirst(files, secondsByFile(readDurations(root)));
    return ordered.map((f) => bySpec.get(f)!);
  }

  private async toOrder(spec: TestSpecification, root: string): Promise<FileToOrder> {
    const size = await stat(spec.moduleId).then((s) => s.size, () => null);
    return {
      project: spec.project.name,
      groupOrder: spec.project.config.sequence.groupOrder ?? 0,
      file: path.relative(root, spec.moduleId).split(path.sep).join('/'),
      size,
    };
  }
}

/** The committed durations; none (every file unknown, so ordered by size) when the file is missing. */
export function readDurations(root: string): Durations {
  const file = path.join(root, DURATIONS_FILE);
  if (!existsSync(file)) return {};
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { stages?: Durations };
  return parsed.stages ?? {};
}
