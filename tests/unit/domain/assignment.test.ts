import { describe, expect, it } from 'vitest';
import { assignmentOrder } from '../../../src/domain/scheduling/assignment';

const ana = { id: 'a', name: 'Ana Souza' };
const bruno = { id: 'b', name: 'Bruno Almeida' };
const carla = { id: 'c', name: 'Carla Mendes' };
const ids = (list: { id: string }[]) => list.map((p) => p.id);

describe('assignmentOrder', () => {
  it('keeps the chosen consultant first when free', () => {
    expect(ids(assignmentOrder({ free: [ana, bruno, carla], chosenId: 'c', previousId: 'b', weekCounts: {} }))).toEqual(['c', 'b', 'a']);
  });

  it('gives a returning lead their earlier consultant when the chosen one is taken', () => {
    expect(ids(assignmentOrder({ free: [ana, bruno], chosenId: 'c', previousId: 'b', weekCounts: { b: 9 } }))).toEqual(['b', 'a']);
  });

  it('otherwise prefers fewest meetings that week, then name', () => {
    expect(ids(assignmentOrder({ free: [carla, bruno, ana], chosenId: 'x', weekCounts: { a: 3, b: 1, c: 1 } }))).toEqual(['b', 'c', 'a']);
    expect(ids(assignmentOrder({ free: [carla, bruno, ana], weekCounts: {} }))).toEqual(['a', 'b', 'c']);
  });

  it('ignores a previous consultant who is not free and returns nobody when nobody is free', () => {
    expect(ids(assignmentOrder({ free: [ana], previousId: 'b', weekCounts: {} }))).toEqual(['a']);
    expect(assignmentOrder({ free: [], chosenId: 'a', weekCounts: {} })).toEqual([]);
  });
});
