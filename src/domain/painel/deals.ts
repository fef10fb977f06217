// Negociações (deals) on a lead: stages, billing and lost reasons with their pt-BR words, the rules a deal
// obeys, the recurring value rule, the endpoints' paths, bodies (zod) and answers. Shared by the console
// island and functions/lib/painel/handlers/deals.ts; the table's CHECK constraints say the same
// (supabase/migrations/20261201130000_deals.sql; a test compares the values).
import * as z from 'zod/mini';
import { cleanParagraph, hasOnlyPrintable } from '../text';
import { formatBrl } from '../money';

export const dealStages = ['proposta_enviada', 'em_negociacao', 'ganho', 'perdido'] as const;
export type DealStage = (typeof dealStages)[number];
export const dealStageLabels: Record<DealStage, string> = {
  proposta_enviada: 'Proposta enviada', em_negociacao: 'Em negociação', ganho: 'Ganho', perdido: 'Perdido',
};

export const dealBillings = ['avulso', 'mensal'] as const;
export type DealBilling = (typeof dealBillings)[number];
export const dealBillingLabels: Record<DealBilling, string> = { avulso: 'Valor único', mensal: 'Mensal' };

export const lostReasons = ['preco', 'timing', 'concorrente', 'sem_orcamento', 'sem_resposta', 'outro'] as const;
export type LostReason = (typeof lostReasons)[number];
export const lostReasonLabels: Record<LostReason, string> = {
  preco: 'Preço', timing: 'Timing', concorrente: 'Escolheu concorrente', sem_orcamento: 'Sem orçamento', sem_resposta: 'Sem resposta', outro: 'Outro',
};

/** R$ 100.000.000,00: the largest value a deal takes (monthly, for a mensal deal). */
export const DEAL_MAX_CENTS = 10_000_000_000;
export const DEAL_MONTHS_MAX = 60;
export const LOST_NOTE_MAX = 500;

type Priced = { valueCents: number; billing: DealBilling; months: number | null };

/**
 * The recurring value rule: a mensal deal's value is per month and its total is monthly × months; an
 * avulso deal's total is its value. The total is what revenue and ROAS count, on the won date (won_at).
 * SQL deal_total_cents is the same rule (a test holds them equal); docs/mentor/numeros.md says it in pt-BR.
 */
export function dealTotalCents({ valueCents, billing, months }: Priced): number {
  return billing === 'mensal' ? valueCents * (months ?? 0) : valueCents;
}

/** "R$ 36.000,00", or for mensal "R$ 3.000,00/mês × 12 = R$ 36.000,00". */
export function formatDealValue(deal: Priced): string {
  if (deal.billing === 'avulso') return formatBrl(deal.valueCents);
  return `${formatBrl(deal.valueCents)}/mês × ${deal.months ?? 0} = ${formatBrl(dealTotalCents(deal))}`;
}

export const dealCopy = {
  title: 'Negociações',
  none: 'Nenhuma negociação registrada.',
  create: 'Nova proposta',
  invalid: 'Verifique os campos destacados.',
  unreadable: 'Os dados da negociação não foram entendidos. Recarregue a página e tente de novo.',
  stale: 'Esta negociação foi alterada por outra pessoa. Recarregue.',
  leadGone: 'Lead não encontrado: ele pode ter tido os dados excluídos. Volte à lista de leads.',
  dealGone: 'Negociação não encontrada: o lead pode ter tido os dados excluídos. Volte à lista de leads.',
  saved: 'Negociação salva.',
  unchanged: 'Nada mudou: a negociação já estava assim.',
  value: {
    empty: 'Informe o valor em reais, por exemplo 12.345,67 (ou 0).',
    unreadable: 'Digite o valor em reais como 12.345,67 ou 12345,67: vírgula antes dos centavos.',
    negative: 'O valor não pode ser negativo.',
    precision: 'Use no máximo 2 casas decimais (centavos).',
    too_large: 'O valor máximo é R$ 100.000.000,00.',
  },
  wonWithoutValue: 'Para marcar como Ganho, informe um valor maior que zero.',
  months: `Informe em quantos meses, de 1 a ${DEAL_MONTHS_MAX}.`,
  monthsOnlyMensal: 'Meses só valem para cobrança mensal.',
  closeOn: 'Informe uma data válida (dd/mm/aaaa) ou deixe em branco.',
  lostReason: 'Escolha o motivo da perda.',
  lostOnlyWhenLost: 'O motivo da perda só vale para negociações perdidas.',
  lostNote: `Descreva o motivo em até ${LOST_NOTE_MAX} caracteres.`,
  lostNoteRequired: 'Descreva o motivo da perda.',
} as const;

/** The fields of a deal form, in the form's order (the first with an error takes the focus). */
export type DealField = 'stage' | 'value' | 'billing' | 'months' | 'expectedCloseOn' | 'lostReason' | 'lostNote';
export type DealErrors = Partial<Record<DealField, string>>;

/** What a save carries (POST bodies): money in integer cents, the date as YYYY-MM-DD. */
export type DealInput = {
  stage: DealStage; valueCents: number; billing: DealBilling; months: number | null;
  expectedCloseOn: string | null; lostReason: LostReason | null; lostNote: string | null;
};
export type DealUpdate = DealInput & { updatedAt: string };

const isoDate = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T12:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '2000-01-01' && v <= '2100-12-31';
};

/**
 * The rules between fields (a checked shape is assumed): months only and always for mensal, Ganho with a
 * value, Perdido with its reason, "Outro" with a note; the note one printable paragraph of at most 500.
 */
export function dealRuleErrors(d: DealInput): DealErrors {
  const errors: DealErrors = {};
  if (d.billing === 'mensal' && (d.months === null || !Number.isInteger(d.months) || d.months < 1 || d.months > DEAL_MONTHS_MAX)) errors.months = dealCopy.months;
  if (d.billing === 'avulso' && d.months !== null) errors.months = dealCopy.monthsOnlyMensal;
  if (d.stage === 'ganho' && d.valueCents <= 0) errors.value = dealCopy.wonWithoutValue;
  if (d.expectedCloseOn !== null && !isoDate(d.expectedCloseOn)) errors.expectedCloseOn = dealCopy.closeOn;
  if (d.stage === 'perdido' && d.lostReason === null) errors.lostReason = dealCopy.lostReason;
  if (d.stage !== 'perdido' && (d.lostReason !== null || d.lostNote !== null)) errors.lostReason = dealCopy.lostOnlyWhenLost;
  if (d.lostNote !== null && (d.lostNote.length > LOST_NOTE_MAX || !hasOnlyPrintable(d.lostNote.replace(/[\n\t]/g, ' ')))) errors.lostNote = dealCopy.lostNote;
  else if (d.stage === 'perdido' && d.lostReason === 'outro' && !d.lostNote) errors.lostNote = dealCopy.lostNoteRequired;
  return errors;
}

/** The note as stored: one paragraph, control characters out (text.ts cleanParagraph); empty is none. */
export const cleanDealNote = (note: string): string | null => cleanParagraph(note) || null;

// The bodies: every field named (unknown ones refused), each of its type and range; then dealRuleErrors.
// Built on first use, so the console's chunks, which use only the words and rules above, leave zod out.
function buildSchemas() {
  const nullable = <T extends z.ZodMiniType>(t: T) => z.optional(z.nullable(t));
  const fields = {
    stage: z.enum(dealStages),
    valueCents: z.number().check(z.int(), z.gte(0), z.lte(DEAL_MAX_CENTS)),
    billing: z.enum(dealBillings),
    months: nullable(z.number().check(z.int(), z.gte(1), z.lte(DEAL_MONTHS_MAX))),
    expectedCloseOn: nullable(z.string().check(z.maxLength(10), z.refine(isoDate))),
    lostReason: nullable(z.enum(lostReasons)),
    // Twice the limit before cleaning: what counts is the cleaned note's length (dealRuleErrors).
    lostNote: nullable(z.string().check(z.maxLength(LOST_NOTE_MAX * 2))),
  };
  return { create: z.strictObject(fields), update: z.strictObject({ ...fields, updatedAt: z.iso.datetime({ offset: true }) }) };
}
let schemas: ReturnType<typeof buildSchemas> | undefined;
const dealSchemas = () => (schemas ??= buildSchemas());

/** The field message of a field out of its range; null: not a deal form's body at all (a wrong type, an unknown choice). */
function rangeMessage(field: unknown, code: string): [DealField, string] | null {
  if (field === 'valueCents' && code === 'too_small') return ['value', dealCopy.value.negative];
  if (field === 'valueCents' && code === 'too_big') return ['value', dealCopy.value.too_large];
  if (field === 'months' && (code === 'too_small' || code === 'too_big')) return ['months', dealCopy.months];
  if (field === 'expectedCloseOn' && (code === 'custom' || code === 'too_big')) return ['expectedCloseOn', dealCopy.closeOn];
  if (field === 'lostNote' && code === 'too_big') return ['lostNote', dealCopy.lostNote];
  return null;
}

type Parsed<U extends boolean> = DealInput & (U extends true ? { updatedAt: string } : unknown);

/**
 * A POST body → the deal to save, or the refusal: { error } alone when it is not a deal form's body at all
 * (unknown fields, wrong types, unknown choices), with fieldErrors when a field is out of its range or rule.
 */
export function parseDealBody<U extends boolean>(update: U, body: unknown): { ok: true; deal: Parsed<U> } | { ok: false; error: string; fieldErrors?: DealErrors } {
  const parsed = (update ? dealSchemas().update : dealSchemas().create).safeParse(body);
  if (!parsed.success) {
    const fieldErrors: DealErrors = {};
    for (const issue of parsed.error.issues) {
      const known = issue.path.length === 1 ? rangeMessage(issue.path[0], issue.code) : null;
      if (!known) return { ok: false, error: dealCopy.unreadable };
      fieldErrors[known[0]] ??= known[1];
    }
    return { ok: false, error: dealCopy.invalid, fieldErrors };
  }
  const data = parsed.data;
  const note = data.lostNote == null ? null : cleanDealNote(data.lostNote);
  const deal = { ...data, months: data.months ?? null, expectedCloseOn: data.expectedCloseOn ?? null, lostReason: data.lostReason ?? null, lostNote: note } as Parsed<U>;
  const fieldErrors = dealRuleErrors(deal);
  return Object.keys(fieldErrors).length ? { ok: false, error: dealCopy.invalid, fieldErrors } : { ok: true, deal };
}

/** The value before or after a change (the log's, Atividade's). */
export type DealValue = { valueCents: number; billing: DealBilling; months: number | null };

/** One change of a deal; from null: its creation. who: the consultant's name, or the mentor's e-mail. */
export type DealLogEntry = { id: string; at: string; who: string; fromStage: DealStage | null; toStage: DealStage; from: DealValue | null; to: DealValue; lostReason: LostReason | null };

export type DealView = DealInput & {
  id: string; leadId: string; totalCents: number; wonAt: string | null; lostAt: string | null; createdAt: string;
  updatedAt: string; createdBy: string; consultant: string | null; log: DealLogEntry[];
};

/** A deal's change as Atividade lists it (painel_activity_list). */
export type DealActivity = Pick<DealLogEntry, 'fromStage' | 'toStage' | 'from' | 'to'> & { leadId: string };

/** A person's deals in one line (the leads CSV): totals by the recurring value rule; latestStage: of the deal changed last. */
/** A deal as the deals CSV has it (painel_deals_export): the lead, the owner, the total and the campaigns it counts for. */
export type DealExportRow = {
  id: string; leadId: string; name: string; company: string; consultant: string | null; stage: DealStage; billing: DealBilling;
  valueCents: number; months: number | null; totalCents: number; expectedCloseOn: string | null; lostReason: LostReason | null;
  lostNote: string | null; createdAt: string; wonAt: string | null; lostAt: string | null; firstCampaign: string | null; lastCampaign: string | null;
};
export type DealSummary = { deals: number; open: number; openCents: number; wonCents: number; latestStage: DealStage; latestWonAt: string | null };

/** GET the person's deals, and the answer of every save: newest first. */
export type DealList = { deals: DealView[] };
/** 400 of a save: fieldErrors by the form's field. */
export type DealRefused = { error: string; fieldErrors?: DealErrors };

export const dealPaths = {
  /** GET → DealList (the person's, any of their submissions' id); POST DealInput → 201 DealList; 404 dealCopy.leadGone. */
  ofLead: (leadId: string) => `/api/painel/leads/${leadId}/negociacoes`,
  /** POST DealUpdate → 200 DealList; 400 DealRefused, 404 dealCopy.dealGone, 409 dealCopy.stale. */
  one: (dealId: string) => `/api/painel/negociacoes/${dealId}`,
} as const;

/** A change as one line: "Proposta enviada ⇒ Ganho · R$ 36.000,00" (creation: "Criada: Proposta enviada · …"). */
export function dealChangeLine(e: { fromStage: DealStage | null; toStage: DealStage; from: DealValue | null; to: DealValue; lostReason?: LostReason | null }): string {
  const stage = e.fromStage === null ? `Criada: ${dealStageLabels[e.toStage]}`
    : e.fromStage === e.toStage ? dealStageLabels[e.toStage] : `${dealStageLabels[e.fromStage]} ⇒ ${dealStageLabels[e.toStage]}`;
  const reason = e.toStage === 'perdido' && e.lostReason ? ` (${lostReasonLabels[e.lostReason]})` : '';
  const same = e.from && e.from.valueCents === e.to.valueCents && e.from.billing === e.to.billing && e.from.months === e.to.months;
  const value = !e.from || same ? formatDealValue(e.to) : `${formatDealValue(e.from)} ⇒ ${formatDealValue(e.to)}`;
  return `${stage}${reason} · ${value}`;
}
