// The stored "why" of a booking (RoutingWhy, routing.ts) in pt-BR: the one home of its wording, for
// `npm run consultants -- why <id>` (text lines) and the console's meeting view (the same parts, laid out).
// Ids and counts only come in; names come from the id → name map the store answers with.
import { replays, type Exclusion, type RoutingWhy, type TieBreak } from './routing';
import { brDate, zonedParts } from './time';

export const whyCopy = {
  title: 'Por que este consultor?',
  /** A meeting booked before the router stored its reasons. */
  before: 'Reunião agendada antes do registro do roteamento: não há explicação guardada.',
  rule: 'Regra',
  chosen: 'Escolhido',
  nobody: 'Nenhum consultor podia receber este horário.',
  tieBreak: 'Desempate',
  window: 'Contagem',
  equal: 'Distribuição igual',
  candidates: 'Candidatos',
  free: 'livre',
  replayOk: 'Replay: confere',
  replayBad: 'Replay: não confere (os mesmos dados hoje escolheriam outro consultor)',
  decidedAt: 'Decidido em',
  /** The numbers behind the one sentence, folded. */
  details: 'Detalhes',
  meetingId: 'Id da reunião',
  /** A consultant no longer in the team (their id only). */
  removed: (id: string) => `consultor removido (${id.slice(0, 8)})`,
} as const;

/**
 * The console's "Detalhes": the same facts as whyLines, in sentences. No ids and no "Replay": they are for
 * checking a decision by hand in the terminal (`npm run consultants -- why <id>`), where they stay.
 */
export const detailsCopy = {
  decided: 'Como foi escolhido',
  window: 'Período contado',
  /** Someone no longer in the team, named by no id. */
  gone: 'consultor que saiu da equipe',
  /** The stored facts, decided again today, give someone else: the record does not explain this meeting. */
  differs: 'Atenção: com os dados guardados, a escolha hoje seria outro consultor; esta explicação pode não corresponder à reunião.',
} as const;

/** What each tie-break means, in the mentor's words. */
export const tieBreakText: Record<TieBreak, string> = {
  'consultor anterior': 'o lead já tinha reunião com este consultor',
  'horário escolhido': 'é o consultor do horário que o lead escolheu',
  'único livre': 'era o único disponível',
  'menor contagem': 'a menor carga (reuniões + crédito, pelo peso)',
  'menos recente': 'carga empatada: o que recebeu reunião há mais tempo',
  sorteio: 'carga e última reunião empatadas: sorteio',
};

export type WhyCandidate = {
  id: string;
  name: string;
  /** 'livre' or why they could not take it. */
  status: typeof whyCopy.free | Exclusion;
  chosen: boolean;
  load: number;
  count: number;
  credit: number;
  weight: number;
};

export type WhyParts = {
  rule: string;
  chosen: { id: string; name: string } | null;
  tieBreak: TieBreak | null;
  /** "mês, 01/11/2026 a 30/11/2026" */
  window: string;
  /** "desligada" or "até N reuniões à frente". */
  equal: string;
  candidates: WhyCandidate[];
  replays: boolean;
  /** dd/mm/aaaa hh:mm in the given zone. */
  decidedAt: string;
};

/** pt-BR numbers: "2,5". */
export const brNumber = (n: number) => String(Math.round(n * 1000) / 1000).replace('.', ',');

function localDate(iso: string, timeZone: string): string {
  return brDate(zonedParts(new Date(iso), timeZone).date);
}

/** removed: how a consultant no longer in the team is named (the terminal: by the start of their id). */
export function whyParts(why: RoutingWhy, names: Record<string, string>, timeZone: string, removed: (id: string) => string = whyCopy.removed): WhyParts {
  const name = (id: string) => names[id] ?? removed(id);
  const { input, decision } = why;
  const lastDay = new Date(new Date(why.window.to).getTime() - 1).toISOString();
  const decided = zonedParts(new Date(why.at), timeZone);
  return {
    rule: input.rule,
    chosen: decision.chosen ? { id: decision.chosen, name: name(decision.chosen) } : null,
    tieBreak: decision.tieBreak,
    window: `${why.window.kind === 'semana' ? 'semana' : 'mês'}, ${localDate(why.window.from, timeZone)} a ${localDate(lastDay, timeZone)}`,
    equal: input.equalAhead === null ? 'desligada' : `até ${input.equalAhead} ${input.equalAhead === 1 ? 'reunião' : 'reuniões'} à frente`,
    candidates: input.candidates.map((c) => ({
      id: c.id,
      name: name(c.id),
      status: decision.excluded.find((e) => e.id === c.id)?.reason ?? whyCopy.free,
      chosen: c.id === decision.chosen,
      load: decision.loads[c.id] ?? 0,
      count: c.count,
      credit: c.credit,
      weight: c.weight,
    })),
    replays: replays(why),
    decidedAt: `${brDate(decided.date)} ${decided.time}`,
  };
}

/**
 * One candidate's numbers: "carga 2,5 (2 reuniões + crédito 0,5; peso 100)". `rounded` (the console): one
 * decimal place, "carga 168,1" rather than "168,112" — enough to tell two loads apart on a phone; the
 * terminal keeps the exact figures for checking a replay by hand.
 */
export const candidateNumbers = (c: WhyCandidate, rounded = false) => {
  const n = (x: number) => (rounded ? String(Math.round(x * 10) / 10).replace('.', ',') : brNumber(x));
  return `carga ${n(c.load)} (${c.count} ${c.count === 1 ? 'reunião' : 'reuniões'} + crédito ${n(c.credit)}; peso ${c.weight})`;
};

const oneDecimal = (x: number) => String(Math.round(x * 10) / 10).replace('.', ',');
const meetingsWord = (n: number) => (n === 1 ? 'reunião' : 'reuniões');

/**
 * One candidate's numbers in a sentence: "2 reuniões no período e 0,5 de crédito (folga ou entrada no
 * período), com peso 50 de 100: conta como 5 reuniões." The load is said only when it differs from the count.
 */
export function candidateWords(c: WhyCandidate): string {
  const meetings = c.count === 0 ? 'Nenhuma reunião' : `${c.count} ${meetingsWord(c.count)}`;
  const credit = c.credit > 0 ? ` e ${oneDecimal(c.credit)} de crédito (folga ou entrada no período)` : '';
  const share = c.weight === 100 ? '' : `, com peso ${c.weight} de 100`;
  const counts = credit || share ? `: conta como ${oneDecimal(c.load)} ${meetingsWord(Math.round(c.load * 10) / 10)}` : '';
  return `${meetings} no período${credit}${share}${counts}.`;
}

/** Why the chosen one, in words that finish "… recebeu esta reunião porque …". */
const becauseOf: Record<TieBreak, string> = {
  'consultor anterior': 'o lead já tinha reunião com este consultor',
  'horário escolhido': 'é o consultor do horário que o lead escolheu',
  'único livre': 'era o único consultor livre neste horário',
  'menor contagem': 'tinha a menor carga de reuniões da equipe no período, pelo peso de cada um',
  'menos recente': 'com a carga empatada, era quem tinha recebido reunião há mais tempo',
  sorteio: 'carga e última reunião estavam empatadas, e houve sorteio',
};

/** "Por que este consultor?" in one sentence: who, why, and the rule that sent the lead. */
export function whySentence(parts: WhyParts): string {
  if (!parts.chosen) return whyCopy.nobody;
  const because = parts.tieBreak ? ` porque ${becauseOf[parts.tieBreak]}` : '';
  return `${parts.chosen.name} recebeu esta reunião${because} (regra "${parts.rule}").`;
}

/**
 * "Detalhes" in the console: labelled facts and a sentence per candidate (see detailsCopy). partial: a
 * consultant's own part, which cannot be decided again without the colleagues' lines, so it claims nothing.
 */
export function whyDetails(parts: WhyParts, partial: boolean): { rows: [string, string][]; candidates: (WhyCandidate & { words: string })[]; differs: string | null } {
  const decided = parts.tieBreak ? becauseOf[parts.tieBreak] : null;
  return {
    rows: [
      [whyCopy.rule, parts.rule],
      [detailsCopy.decided, decided ? `${decided[0].toUpperCase()}${decided.slice(1)}.` : whyCopy.nobody],
      [detailsCopy.window, parts.window],
      [whyCopy.equal, parts.equal],
      [whyCopy.decidedAt, parts.decidedAt],
    ],
    candidates: parts.candidates.map((c) => ({ ...c, words: candidateWords(c) })),
    differs: partial || parts.replays ? null : detailsCopy.differs,
  };
}

export const tieBreakLine = (parts: WhyParts) =>
  parts.tieBreak ? `${parts.tieBreak} — ${tieBreakText[parts.tieBreak]}` : '—';

/** The why as text lines, for the terminal. */
export function whyLines(why: RoutingWhy, names: Record<string, string>, timeZone: string): string[] {
  const parts = whyParts(why, names, timeZone);
  return [
    `${whyCopy.rule}: ${parts.rule}`,
    parts.chosen ? `${whyCopy.chosen}: ${parts.chosen.name}` : whyCopy.nobody,
    `${whyCopy.tieBreak}: ${tieBreakLine(parts)}`,
    `${whyCopy.window}: ${parts.window}; ${whyCopy.equal.toLowerCase()}: ${parts.equal}`,
    `${whyCopy.candidates}:`,
    ...parts.candidates.map((c) => `  ${c.chosen ? '→' : '-'} ${c.name}: ${c.status}; ${candidateNumbers(c)}`),
    `${whyCopy.decidedAt}: ${parts.decidedAt}`,
    parts.replays ? whyCopy.replayOk : whyCopy.replayBad,
  ];
}
