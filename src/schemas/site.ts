import { z } from 'astro/zod';
import { CLAIMS, label, navItem, plainText, text } from './shared';

const REVIEW = 'Exemplo: troque pelo endereço real.';
// Texts that are addresses, codes or paths are trimmed before their checks: the editor checks a field's
// trimmed text (Sveltia CMS), so the build must accept what it accepted (tests/integration/cms-parity.test.ts).
const httpsUrl = z.url({ protocol: /^https$/ }).trim();

// content/site.yaml: the site's identity, in one file.
export const siteSchema = z.object({
  name: label(text, 'Nome da marca', 'O nome da marca, no topo de todas as páginas, no rodapé e na aba do navegador (não é um nome pessoal).'),
  personName: label(text, 'Nome da pessoa', 'O seu nome como pessoa: o Google o usa para ligar o site a você (não aparece no texto das páginas).'),
  jobTitle: label(text, 'Profissão'),
  tagline: label(text, 'Frase de apresentação'),
  email: label(z.string().trim().regex(z.regexes.email, 'Use um e-mail completo, como nome@empresa.com.br.'), 'E-mail de contato', 'Aparece no rodapé, na seção Contato e na Política de Privacidade, e recebe o aviso de cada novo pedido de orçamento. Os e-mails automáticos do site saem do domínio deste endereço (a parte depois do @): se mudar de domínio, avise quem configurou o envio de e-mails.'),
  location: label(text, 'Localização'),
  address: label(
    z.object({
      locality: label(text, 'Cidade'),
      region: label(z.string().trim().length(2), 'Estado (sigla)', 'Duas letras, ex.: PR'),
      country: label(z.string().trim().length(2), 'País (sigla)', 'Duas letras, ex.: BR'),
    }),
    'Endereço',
  ),
  social: label(
    z.object({ linkedin: label(httpsUrl, 'LinkedIn', REVIEW), instagram: label(httpsUrl, 'Instagram', REVIEW) }),
    'Redes sociais',
  ),
  blogUrl: label(httpsUrl, 'Endereço do blog', REVIEW),
  talksChatUrl: label(httpsUrl, 'Conversa para contratar palestras', 'O link do WhatsApp dos botões para contratar palestras (ex.: https://wa.me/5543999999999).'),
  claims: label(
    z.object(Object.fromEntries(Object.entries(CLAIMS).map(([key, title]) => [key, label(plainText, title, `Nas páginas, escreva {${key}} onde este número deve aparecer.`)])) as Record<keyof typeof CLAIMS, typeof plainText>),
    'Números do site',
    'Escritos só aqui. Nas páginas, escreva {mentoredOwners}, {salesGenerated}… e o número entra no lugar.',
  ),
  nav: label(z.array(navItem).min(1), 'Menu principal'),
  quoteButton: label(navItem, 'Botão de orçamento'),
  footer: label(
    z.object({
      about: label(text, 'Sobre'),
      navTitle: label(text, 'Título da navegação'),
      nav: label(z.array(navItem).min(1), 'Links da navegação'),
      contactTitle: label(text, 'Título do contato'),
      socialTitle: label(text, 'Título das redes sociais'),
      copyright: label(text, 'Direitos autorais'),
    }),
    'Rodapé',
  ),
  privacy: label(
    z.object({
      policyLink: label(text, 'Nome do link da política'),
      updatedLabel: label(text, 'Rótulo "Atualizada em"'),
      versionLabel: label(text, 'Rótulo "Versão"'),
    }),
    'Privacidade',
  ),
  consent: label(
    z.object({
      title: label(text, 'Título'),
      text: label(text, 'Texto'),
      accept: label(text, 'Botão aceitar'),
      reject: label(text, 'Botão recusar'),
      policyLink: label(text, 'Link da política'),
      preferences: label(text, 'Link de preferências'),
    }),
    'Aviso de cookies',
  ),
  labels: label(
    z.object({
      skipToContent: label(text, 'Pular para o conteúdo'),
      openMenu: label(text, 'Abrir menu'),
      closeMenu: label(text, 'Fechar menu'),
      mainNav: label(text, 'Navegação principal'),
      footerNav: label(text, 'Navegação do rodapé'),
      breadcrumbHome: label(text, 'Início na trilha de navegação'),
      newTab: label(text, 'Aviso de nova aba'),
      linkedin: label(text, 'LinkedIn'),
      instagram: label(text, 'Instagram'),
      email: label(text, 'Enviar e-mail'),
    }),
    'Textos de acessibilidade',
    'Lidos em voz alta por leitores de tela, para quem não enxerga a tela; não aparecem no site.',
  ),
});
export type Site = z.infer<typeof siteSchema>;
