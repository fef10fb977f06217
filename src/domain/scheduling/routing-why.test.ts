import { describe, expect, it } from 'vitest';
import { route, type RouteCandidate, type RouteInput, type RoutingWhy } from './routing';
import { candidateNumbers, candidateWords, detailsCopy, whyDetails, whyLines, whyParts, whySentence } from './routing-why';

const TZ = 'America/Sao_Paulo';
const candidate = (id: string, over: Partial<RouteCandidate> = {}): RouteCandidate => ({
  id, weight: 100, count: 0, credit: 0, lastAssignedAt: null, inPool: true, busy: null, worksThatDay: true,
  dayCount: 0, weekCount: 0, capDay: null, capWeek: null, ...over,
});

function whyOf(input: RouteInput): RoutingWhy {
  return {
    v: 1,
    at: '2026-11-20T13:05:00.000Z',
    window: { kind: 'mes', from: '2026-11-01T03:00:00.000Z', to: '2026-12-01T03:00:00.000Z' },
    input,
    decision: route(input),
  };
}

const names = { a: 'Ana Souza', b: 'Bruno Lima', c: 'Carla Dias', d: 'Davi Reis' };

describe('the why in pt-BR', () => {
  const why = whyOf({
    rule: 'Consultoria',
    candidates: [
      candidate('a', { count: 3 }),
      candidate('b', { count: 2, credit: 0.5, weight: 50 }),
      candidate('c', { count: 1, busy: 'folga' }),
      candidate('d', { count: 1, capDay: 2, dayCount: 2 }),
      candidate('e', { count: 2, inPool: false }),
    ],
    equalAhead: null,
    preferred: [],
    random: 0.4,
  });

  it('names the rule, the chosen consultant, the tie-break, the window and each candidate with its reason', () => {
    expect(whyLines(why, names, TZ)).toEqual([
      'Regra: Consultoria',
      'Escolhido: Ana Souza',
      'Desempate: menor contagem — a menor carga (reuniões + crédito, pelo peso)',
      'Contagem: mês, 01/11/2026 a 30/11/2026; distribuição igual: desligada',
      'Candidatos:',
      '  → Ana Souza: livre; carga 3 (3 reuniões + crédito 0; peso 100)',
      '  - Bruno Lima: livre; carga 5 (2 reuniões + crédito 0,5; peso 50)',
      '  - Carla Dias: folga; carga 1 (1 reunião + crédito 0; peso 100)',
      '  - Davi Reis: limite diário; carga 1 (1 reunião + crédito 0; peso 100)',
      '  - consultor removido (e): fora do grupo; carga 2 (2 reuniões + crédito 0; peso 100)',
      'Decidido em: 20/11/2026 10:05',
      'Replay: confere',
    ]);
  });

  it('says when equal distribution kept someone out, and when nobody could take the time', () => {
    const ahead = whyParts(whyOf({ rule: 'Time', candidates: [candidate('a', { count: 5 }), candidate('b', { count: 1 })], equalAhead: 3, preferred: [], random: 0 }), names, TZ);
    expect(ahead.equal).toBe('até 3 reuniões à frente');
    expect(ahead.candidates.map((c) => [c.name, c.status])).toEqual([['Ana Souza', 'à frente do time'], ['Bruno Lima', 'livre']]);
    expect(ahead.tieBreak).toBe('único livre');

    const none = whyOf({ rule: 'Time', candidates: [candidate('a', { busy: 'ocupado' }), candidate('b', { busy: 'fora do horário' })], equalAhead: null, preferred: [], random: 0 });
    expect(whyLines(none, names, TZ).slice(1, 3)).toEqual(['Nenhum consultor podia receber este horário.', 'Desempate: —']);
  });

  it('checks the replay: a decision the facts do not give is flagged', () => {
    const tampered = { ...why, decision: { ...why.decision, chosen: 'b' } };
    expect(whyParts(tampered, names, TZ).replays).toBe(false);
    expect(whyLines(tampered, names, TZ).at(-1)).toMatch(/^Replay: não confere/);
    expect(whyParts({ ...why, window: { kind: 'semana', from: '2026-11-16T03:00:00.000Z', to: '2026-11-23T03:00:00.000Z' } }, names, TZ).window).toBe('semana, 16/11/2026 a 22/11/2026');
  });

  it('says it in one sentence for the console, with the numbers rounded to one decimal behind "Detalhes" (issue 33)', () => {
    expect(whySentence(whyParts(why, names, TZ))).toBe('Ana Souza recebeu esta reunião porque tinha a menor carga de reuniões da equipe no período, pelo peso de cada um (regra "Consultoria").');
    const only = whyParts(whyOf({ rule: 'Time', candidates: [candidate('a', { count: 5 }), candidate('b', { busy: 'ocupado' })], equalAhead: null, preferred: [], random: 0 }), names, TZ);
    expect(whySentence(only)).toBe('Ana Souza recebeu esta reunião porque era o único consultor livre neste horário (regra "Time").');
    const none = whyParts(whyOf({ rule: 'Time', candidates: [candidate('a', { busy: 'ocupado' })], equalAhead: null, preferred: [], random: 0 }), names, TZ);
    expect(whySentence(none)).toBe('Nenhum consultor podia receber este horário.');
    // The "carga 168,112 (0 reuniões + crédito 84,056; peso 50)".
    const heavy = { id: 'a', name: 'Ana', status: 'livre', chosen: false, load: 168.112, count: 0, credit: 84.056, weight: 50 } as const;
    expect(candidateNumbers(heavy, true)).toBe('carga 168,1 (0 reuniões + crédito 84,1; peso 50)');
    expect(candidateNumbers(heavy)).toBe('carga 168,112 (0 reuniões + crédito 84,056; peso 50)');
  });

  it('says "Detalhes" in words for the console: no ids, no "Replay", each candidate in a sentence', () => {
    const uuid = '0b6f3b1e-4d0c-4c61-9a51-0f6b0a1c0009';
    const gone = whyOf({ ...why.input, candidates: [...why.input.candidates, candidate(uuid, { count: 4, busy: 'ocupado' })] });
    const details = whyDetails(whyParts(gone, names, TZ, () => detailsCopy.gone), false);
    expect(details.rows).toEqual([
      ['Regra', 'Consultoria'],
      ['Como foi escolhido', 'Tinha a menor carga de reuniões da equipe no período, pelo peso de cada um.'],
      ['Período contado', 'mês, 01/11/2026 a 30/11/2026'],
      ['Distribuição igual', 'desligada'],
      ['Decidido em', '20/11/2026 10:05'],
    ]);
    expect(details.candidates.map((c) => `${c.name}: ${c.status}. ${c.words}`)).toEqual([
      'Ana Souza: livre. 3 reuniões no período.',
      'Bruno Lima: livre. 2 reuniões no período e 0,5 de crédito (folga ou entrada no período), com peso 50 de 100: conta como 5 reuniões.',
      'Carla Dias: folga. 1 reunião no período.',
      'Davi Reis: limite diário. 1 reunião no período.',
      'consultor que saiu da equipe: fora do grupo. 2 reuniões no período.',
      'consultor que saiu da equipe: ocupado. 4 reuniões no período.',
    ]);
    expect(details.differs).toBeNull();
    // What the panel shows (the ids are React keys only).
    const text = JSON.stringify([details.rows, details.candidates.map((c) => [c.name, c.status, c.words]), details.differs]);
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}|0b6f3b1e|replay/i);
    // The starved newcomer of the demo, as the console says it now.
    expect(candidateWords({ id: 'a', name: 'Ana', status: 'livre', chosen: false, load: 13600, count: 0, credit: 13600, weight: 100 }))
      .toBe('Nenhuma reunião no período e 13600 de crédito (folga ou entrada no período): conta como 13600 reuniões.');
    expect(candidateWords({ id: 'a', name: 'Ana', status: 'livre', chosen: false, load: 1, count: 1, credit: 0, weight: 100 })).toBe('1 reunião no período.');

    // A decision the stored facts no longer give is said in a sentence to the mentor; a consultant's part claims nothing.
    const tampered = whyParts({ ...why, decision: { ...why.decision, chosen: 'b' } }, names, TZ);
    expect(whyDetails(tampered, false).differs).toBe(detailsCopy.differs);
    expect(whyDetails(tampered, true).differs).toBeNull();
    expect(detailsCopy.differs).not.toMatch(/replay/i);
  });
});
