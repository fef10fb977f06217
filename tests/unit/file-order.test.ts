import { describe, expect, it } from 'vitest';
import { longestFirst, secondsByFile, shuffled, type FileToOrder } from '../support/file-order';

const file = (project: string, name: string, size: number | null = 100, groupOrder = 0): FileToOrder => ({ project, groupOrder, file: name, size });
const names = (files: FileToOrder[]) => files.map((f) => f.file);

describe('longestFirst', () => {
  it('starts the longest recorded file first, and a file with no recorded time before every recorded one, larger first', () => {
    const files = [file('unit', 'short'), file('unit', 'new-small', 10), file('unit', 'long'), file('unit', 'new-large', 5000), file('unit', 'new-unreadable', null)];
    const seconds = new Map([['short', 3], ['long', 160]]);
    expect(names(longestFirst(files, seconds))).toEqual(['new-large', 'new-small', 'new-unreadable', 'long', 'short']);
  });

  it("keeps each project's files together, the project with the longest file first, and follows groupOrder before that", () => {
    const files = [
      file('pure', 'p1'), file('warm', 'w1'), file('unit', 'u1'), file('warm', 'w2'), file('unit', 'u2'), file('pure', 'p2'),
      file('later', 'l1', 100, 1),
    ];
    const seconds = new Map([['p1', 9], ['p2', 2], ['w1', 49], ['w2', 40], ['u1', 160], ['u2', 5], ['l1', 500]]);
    expect(names(longestFirst(files, seconds))).toEqual(['u1', 'u2', 'w1', 'w2', 'p1', 'p2', 'l1']);
  });

  it('does not depend on the order the files were found in', () => {
    const files = [file('unit', 'a'), file('unit', 'b'), file('unit', 'c', 300), file('warm', 'd'), file('unit', 'e')];
    const seconds = new Map([['a', 4], ['b', 4], ['d', 4]]);
    const expected = names(longestFirst(files, seconds));
    expect(names(longestFirst([...files].reverse(), seconds))).toEqual(expected);
    expect(expected).toEqual(['c', 'e', 'a', 'b', 'd']);
  });
});

describe('shuffled', () => {
  const files = Array.from({ length: 30 }, (_, i) => file(i % 2 ? 'warm' : 'unit', `f${String(i).padStart(2, '0')}`));

  it('is a permutation decided by the seed alone, not by the order the files were found in', () => {
    const once = names(shuffled(files, 2468));
    expect([...once].sort()).toEqual(names(files).sort());
    expect(names(shuffled([...files].reverse(), 2468))).toEqual(once);
    expect(names(shuffled(files, 1357))).not.toEqual(once);
  });

  it('mixes the projects instead of keeping them together', () => {
    const projects = shuffled(files, 2468).map((f) => f.project);
    const runs = projects.filter((p, i) => i === 0 || p !== projects[i - 1]).length;
    expect(runs).toBeGreaterThan(2);
  });
});

it("secondsByFile reads every stage's times", () => {
  const seconds = secondsByFile({ unit: { 'a.test.ts': 3 }, browser: { 'b.test.ts': 80 } });
  expect([...seconds]).toEqual([['a.test.ts', 3], ['b.test.ts', 80]]);
});
