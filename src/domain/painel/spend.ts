// Gastos com anúncios in the console: the endpoints' paths and answers, the map's save body (zod/mini),
// the file name a header carries, and the pt-BR words of the import, the list and the map. Shared by the
// island (src/islands/painel/numbers/SpendImports.tsx) and functions/lib/painel/handlers/spend.ts. The
// file itself is read by src/domain/spend/import.ts, on the server only (its CSV reader stays out of the
// island's chunk).
import * as z from 'zod/mini';
import { formatBrl } from '../money';
import { brDate } from '../scheduling/time';
import { cleanLine, hasOnlyPrintable } from '../text';

export const spendPaths = {
  /** GET → SpendView; POST the file's bytes (Content-Type text/csv, X-File-Name) → 201 / 200 SpendImported, 400/413/415 SpendRefused. */
  spend: '/api/painel/gastos',
  /** POST → SpendUndone. */
  undo: (id: string) => `/api/painel/gastos/${encodeURIComponent(id)}/desfazer`,
  /** POST CampaignSave → CampaignSaved. */
  campaigns: '/api/painel/campanhas',
} as const;

/** The request header with the file's name, URL-encoded (a header carries ASCII only). */
export const FILE_NAME_HEADER = 'x-file-name';
export const MAX_FILE_NAME_CHARS = 200;
export const MAX_UTM_CHARS = 200;
/** Content types the import reads as the file's raw bytes (the console sends application/octet-stream). */
export const SPEND_CONTENT_TYPES = ['text/csv', 'application/octet-stream'] as const;
/**
 * The largest file the console sends. It goes as application/octet-stream, the one type Netlify hands to the
 * function byte for byte (a text/* body becomes a UTF-8 string: a UTF-16 Google export or a file Excel saved
 * in Windows-1252 would arrive changed), and such a body travels in Base64 inside Netlify's 6 MB request
 * limit: 4.5 MB of file at most. Refused in the browser with the console's words, before Netlify's own page.
 */
export const SPEND_UPLOAD_MAX_BYTES = 4_000_000;

export const spendPlatforms = ['google', 'meta'] as const;
export type SpendPlatformId = (typeof spendPlatforms)[number];
export const platformLabels: Record<SpendPlatformId, string> = { google: 'Google Ads', meta: 'Meta Ads' };

export type SpendImportView = {
  id: string; fileName: string; platform: SpendPlatformId; rowCount: number; firstDay: string; lastDay: string; totalCents: number;
  importedBy: string; importedAt: string; undoneBy: string | null; undoneAt: string | null;
};
/** 201 'imported', 200 'duplicate' (nothing changed; `message` says when and by whom it was imported). */
export type SpendImported = { status: 'imported' | 'duplicate'; import: SpendImportView; message: string };
/** 200: 'undone', or 'already_undone' (nothing changed). */
export type SpendUndone = { status: 'undone' | 'already_undone'; import: SpendImportView; message: string };
/** A refused file: the reader's pt-BR sentence and, when it is about one row, the row's line. */
export type SpendRefused = { error: string; line?: number };

export type MappedCampaign = {
  platform: SpendPlatformId; campaign: string; totalCents: number; firstDay: string; lastDay: string;
  utmCampaign: string | null; updatedBy: string | null; updatedAt: string | null;
};
export type UtmCampaignValue = { value: string; leads: number };
export type CampaignMapView = {
  /** Platform campaigns with spend in force: unmapped first, then by spend. */
  campaigns: MappedCampaign[];
  /** The utm_campaign values the leads carry (first or last touch), with persons per value, most common first (at most UTM_LIST_LIMIT). */
  utmCampaigns: UtmCampaignValue[];
  utmCampaignCount: number;
};
export type SpendView = { imports: SpendImportView[] } & CampaignMapView;
export const UTM_LIST_LIMIT = 1000;

export type CampaignSave = { platform: SpendPlatformId; campaign: string; utmCampaign: string | null };
/** `leads`: persons carrying the value (0: none yet, said in `message`); null when cleared. */
export type CampaignSaved = { status: 'saved' | 'cleared' | 'unchanged'; utmCampaign: string | null; leads: number | null; message: string };

export const spendCopy = {
  title: 'Gastos com anúncios',
  fileLabel: 'Importar exportação do Google Ads ou do Meta Ads',
  fileHint: 'Arquivo CSV exportado da plataforma, por campanha e por dia (até 4 MB).',
  importing: 'Importando…',
  noImports: 'Nenhuma importação ainda.',
  importsTitle: 'Importações',
  undo: 'Desfazer',
  undoConfirm: 'Confirmar desfazer',
  keep: 'Manter',
  campaignsTitle: 'Campanhas',
  noCampaigns: 'Nenhuma campanha com gasto importado.',
  utmLabel: 'utm_campaign dos leads',
  save: 'Salvar',
  clear: 'Remover correspondência',
  suggestedExact: 'sugerido: mesmo nome',
  suggestedFolded: 'sugerido: sem acentos/maiúsculas',
  notYours: 'Só o mentor importa e vê gastos com anúncios.',
  wrongType: 'Envie o arquivo CSV exportado do Google Ads ou do Meta Ads.',
  tooLarge: 'O arquivo passa de 5 MB, o limite. Exporte um período menor.',
  uploadTooLarge: 'O arquivo passa de 4 MB, o limite para enviar pelo painel. Exporte um período menor.',
  incomplete: 'O arquivo não chegou inteiro. Envie de novo.',
  emptyFile: 'Escolha um arquivo CSV exportado do Google Ads ou do Meta Ads.',
  mergedTooLarge: (campaign: string, day: string) =>
    `A campanha "${campaign}" soma mais de R$ 10.000.000,00 no dia ${brDate(day)}: o valor parece mal lido. Confira o arquivo.`,
  importGone: 'Importação não encontrada. Recarregue a página.',
  campaignGone: 'Esta campanha não tem gasto importado (a importação pode ter sido desfeita). Recarregue a página.',
  unreadable: 'Os dados não foram entendidos. Recarregue a página e tente de novo.',
  utmEmpty: 'Escolha ou digite o valor de utm_campaign.',
  utmTooLong: `Use no máximo ${MAX_UTM_CHARS} caracteres.`,
  utmInvalid: 'O valor tem caracteres inválidos (invisíveis). Apague-os e tente de novo.',
} as const;

/** "Importado: 312 linhas, 01/09/2026 a 30/11/2026, R$ 12.345,67". */
export function importedLine(i: Pick<SpendImportView, 'rowCount' | 'firstDay' | 'lastDay' | 'totalCents'>): string {
  const rows = `${i.rowCount.toLocaleString('pt-BR')} ${i.rowCount === 1 ? 'linha' : 'linhas'}`;
  const period = i.firstDay === i.lastDay ? brDate(i.firstDay) : `${brDate(i.firstDay)} a ${brDate(i.lastDay)}`;
  return `Importado: ${rows}, ${period}, ${formatBrl(i.totalCents)}`;
}

/** "Este arquivo já foi importado em 03/11/2026 por …" (`day`: the import's day in Brasília, YYYY-MM-DD). */
export const duplicateLine = (i: Pick<SpendImportView, 'importedBy'>, day: string) =>
  `Este arquivo já foi importado em ${brDate(day)} por ${i.importedBy}. Nada mudou.`;

export const undoneLine = (i: SpendImportView) =>
  `Importação desfeita: ${i.fileName}. Os dias dela voltaram ao que a importação anterior dizia.`;
export const alreadyUndoneLine = (i: SpendImportView, day: string) =>
  `Esta importação já tinha sido desfeita em ${brDate(day)} por ${i.undoneBy ?? ''}. Nada mudou.`;

export function savedLine(saved: Pick<CampaignSaved, 'status' | 'utmCampaign' | 'leads'>, campaign: string): string {
  if (saved.utmCampaign === null) return saved.status === 'cleared' ? `"${campaign}" ficou sem correspondência.` : `"${campaign}" já estava sem correspondência.`;
  const head = saved.status === 'unchanged' ? `"${campaign}" já contava para "${saved.utmCampaign}".` : `"${campaign}" agora conta para "${saved.utmCampaign}".`;
  if (!saved.leads) return `${head} Nenhum lead tem esse utm_campaign ainda: o custo só aparece quando chegarem leads com ele.`;
  return `${head} ${saved.leads.toLocaleString('pt-BR')} ${saved.leads === 1 ? 'lead tem' : 'leads têm'} esse valor.`;
}

/** "3 campanhas sem correspondência: R$ 1.234,56 não entram no custo por campanha"; null when every one is mapped. */
export function unmappedLine(campaigns: MappedCampaign[]): string | null {
  const unmapped = campaigns.filter((c) => c.utmCampaign === null);
  if (unmapped.length === 0) return null;
  const cents = unmapped.reduce((sum, c) => sum + c.totalCents, 0);
  const count = unmapped.length === 1 ? '1 campanha sem correspondência' : `${unmapped.length} campanhas sem correspondência`;
  return `${count}: ${formatBrl(cents)} não entram no custo por campanha`;
}

/**
 * The file name as stored and shown: percent-decoding undone (a header carries ASCII), any folder dropped,
 * one printable line, at most 200 characters; 'arquivo.csv' when nothing is left.
 */
export function cleanFileName(header: string | null): string {
  let name = header ?? '';
  try {
    name = decodeURIComponent(name);
  } catch {
    // A broken escape is kept as typed: still a readable name.
  }
  name = cleanLine(name.split(/[/\\]/u).pop() ?? '').replace(/[\p{Cc}\p{Cs}]/gu, '');
  const chars = [...name];
  if (chars.length > MAX_FILE_NAME_CHARS) name = chars.slice(0, MAX_FILE_NAME_CHARS).join('').trim();
  return name || 'arquivo.csv';
}

/** The utm value as the leads store it (src/domain/attribution.ts: cleanLine), or its field error. */
export function cleanUtmValue(raw: string): { value: string } | { error: string } {
  const value = cleanLine(raw);
  if (value === '') return { error: spendCopy.utmEmpty };
  if (!hasOnlyPrintable(value)) return { error: spendCopy.utmInvalid };
  if ([...value].length > MAX_UTM_CHARS) return { error: spendCopy.utmTooLong };
  return { value };
}

// Built on first use: the island's chunk, which uses only the words above, leaves zod out.
let saveSchema: z.ZodMiniType<{ platform: SpendPlatformId; campaign: string; utmCampaign: string | null }> | undefined;
const schema = () => (saveSchema ??= z.strictObject({
  platform: z.enum(spendPlatforms),
  campaign: z.string().check(z.minLength(1), z.maxLength(MAX_FILE_NAME_CHARS * 2)),
  // Twice the limit before cleaning: what counts is the cleaned value's length (cleanUtmValue).
  utmCampaign: z.nullable(z.string().check(z.maxLength(MAX_UTM_CHARS * 2))),
}));

/** POST campanhas' body → the mapping to save (utmCampaign null clears), or the refusal; `field` when it is the value's. */
export function parseCampaignSave(body: unknown): { ok: true; save: CampaignSave } | { ok: false; error: string; field?: 'utmCampaign' } {
  const parsed = schema().safeParse(body);
  if (!parsed.success) {
    const tooLong = parsed.error.issues.every((i) => i.path[0] === 'utmCampaign' && i.code === 'too_big');
    return tooLong ? { ok: false, error: spendCopy.utmTooLong, field: 'utmCampaign' } : { ok: false, error: spendCopy.unreadable };
  }
  const { platform, campaign, utmCampaign } = parsed.data;
  if (utmCampaign === null) return { ok: true, save: { platform, campaign, utmCampaign: null } };
  const clean = cleanUtmValue(utmCampaign);
  if ('error' in clean) return { ok: false, error: clean.error, field: 'utmCampaign' };
  return { ok: true, save: { platform, campaign, utmCampaign: clean.value } };
}
