// Integrações → Google Ads: the secret link to the offline-conversion files (the route to Google that needs
// no API access), its state, the conversion actions' names, and the block's words. The files themselves:
// functions/lib/conversions/google-file.ts.
import * as z from 'zod/mini';
import { hasOnlyPrintable } from '../text';

export const googleFilePaths = {
  /** GET → GoogleFileStatus; POST GoogleNamesInput → GoogleFileStatus, 400 { error }. Mentor only. */
  status: '/api/painel/google-arquivo',
  /** POST {} → GoogleFileLink: a new link (the old one stops answering); the only answer that holds it. Mentor only. */
  rotate: '/api/painel/google-arquivo/novo-link',
} as const;

export type GoogleFileStages = 'reuniao_qualificada' | 'negocio_ganho';

export type GoogleFileStatus = {
  /** A link exists (it is never shown again: only its hash is stored). */
  linked: boolean;
  linkedAt: string | null;
  names: Record<GoogleFileStages, string>;
  /** Google's (or anyone's) last fetch of the current link, and how many rows it got. */
  lastFetchAt: string | null;
  lastFetchRows: number | null;
};

export type GoogleFileLink = GoogleFileStatus & { links: { clicks: string; contacts: string } };

export const GOOGLE_NAME_MAX = 100;
// A spreadsheet reads a cell starting with = + - @ as a formula: a name is never one.
const conversionName = z.string().check(
  z.trim(), z.minLength(1), z.maxLength(GOOGLE_NAME_MAX),
  z.refine((s) => hasOnlyPrintable(s) && !/^[=+\-@]/.test(s)),
);
export const googleNamesSchema = z.strictObject({
  names: z.strictObject({ reuniao_qualificada: conversionName, negocio_ganho: conversionName }),
});
export type GoogleNamesInput = z.input<typeof googleNamesSchema>;

export const googleFileCopy = {
  title: 'Google Ads: arquivo de conversões',
  intro: 'O Google Ads importa deste link, na programação que você definir, as reuniões qualificadas e os negócios ganhos dos leads que vieram dos anúncios. São dois arquivos: por clique (leads com identificador de clique do Google) e por contato (e-mail e telefone criptografados, para os demais).',
  notLinked: 'Nenhum link gerado ainda.',
  linkedAt: 'Link gerado em',
  neverFetched: 'O Google ainda não buscou este link.',
  lastFetch: (at: string, rows: number) => `Última busca do Google: ${at} (${rows === 1 ? '1 conversão' : `${rows} conversões`} nos dois arquivos).`,
  generate: 'Gerar link',
  regenerate: 'Gerar novo link',
  generating: 'Gerando…',
  confirmRotate: 'Gerar um novo link? O link atual para de funcionar na hora: troque-o também na importação programada do Google Ads.',
  shownOnce: 'Copie os dois links agora: por segurança, eles aparecem só desta vez. Quem tiver o link vê as conversões; se ele vazar, gere outro.',
  clicksLabel: 'Arquivo por clique (GCLID, GBRAID, WBRAID)',
  contactsLabel: 'Arquivo por contato (e-mail e telefone criptografados)',
  namesTitle: 'Nomes das ações de conversão',
  namesHelp: 'Iguais, letra por letra, aos nomes das ações criadas no Google Ads (Metas → Conversões).',
  nameLabels: { reuniao_qualificada: 'Reunião qualificada', negocio_ganho: 'Negócio ganho' } satisfies Record<GoogleFileStages, string>,
  saveNames: 'Salvar nomes',
  savingNames: 'Salvando…',
  namesSaved: 'Nomes salvos. O próximo arquivo já usa estes nomes.',
  badName: `Preencha o nome com até ${GOOGLE_NAME_MAX} caracteres, sem começar por =, +, - ou @.`,
} as const;
