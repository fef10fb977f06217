import { z } from 'astro/zod';
import { CLAIMS, label, navItem, plainText, text } from './shared';

const REVIEW = 'EXEMPLO — revisar';
// Texts that are addresses, codes or paths are trimmed before their checks: the editor checks a field's
// trimmed text (Sveltia CMS), so the build must accept what it accepted (tests/integration/cms-parity.test.ts).
const httpsUrl = z.url({ protocol: /^https$/ }).trim();

// content/site.yaml: the site's identity, in one file.
export const siteSchema = z.object({
  name: label(text, 'Nome da marca', `${REVIEW}: nome de marca exibido no site (não é um nome pessoal).`),
  personName: label(text, 'Nome da pessoa', `${REVIEW}: nome usado nos dados estruturados (Person).`),
  jobTitle: label(text, 'Profissão'),
  tagline: label(text, 'Frase de apresentação'),
  email: label(z.string().trim().email(), 'E-mail de contato', 'Aparece no rodapé, na seção Contato e na Política de Privacidade, e recebe o aviso de cada novo pedido de orçamento. Os e-mails automáticos do site saem do domínio deste endereço (a parte depois do @): se mudar de domínio, avise quem configurou o envio de e-mails.'),
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
  talksChatUrl: label(httpsUrl, 'Conversa para contratar palestras', `${REVIEW}: link do WhatsApp usado nos botões de palestras.`),
  claims: label(
    z.object(Object.fromEntries(Object.entries(CLAIMS).map(([key, title]) => [key, label(plainText, title, `Nas páginas: {${key}}`)])) as Record<keyof typeof CLAIMS, typeof plainText>),
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
      policyPath: label(z.string().trim().startsWith('/'), 'Caminho da política', 'Começa com /'),
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
    'Lidos por leitores de tela.',
  ),
});
export type Site = z.infer<typeof siteSchema>;
