// Meta's WhatsApp Cloud API error codes, in the mentor's words: what happened and what to do. One home for
// the Integrações card, its tests and the mentor's doc (docs/mentor/whatsapp.md lists the same codes).
// Codes from Meta's "Error codes" reference for the Cloud API; an unknown code falls back to Meta's own title.

export const whatsappErrorWords: Readonly<Record<number, string>> = {
  131026: 'Número sem WhatsApp (ou que não aceitou os termos atuais do WhatsApp): a mensagem não pode ser entregue. O lead recebe o e-mail.',
  131047: 'Fora da janela de 24 h: fora de uma conversa aberta pelo lead só modelos aprovados podem ser enviados.',
  131049: 'A Meta segurou a mensagem para não cansar o destinatário (limite de mensagens por pessoa). O lead recebe o e-mail.',
  131050: 'O lead pediu para não receber mensagens desta empresa pelo WhatsApp.',
  131056: 'Muitas mensagens para o mesmo número em pouco tempo: a próxima é tentada depois.',
  130429: 'Limite de envio da conta atingido (mensagens por segundo): os envios continuam aos poucos.',
  131048: 'Limite de envio por qualidade: muitas pessoas bloquearam ou denunciaram mensagens do número.',
  132000: 'O número de parâmetros não confere com o modelo aprovado na Meta.',
  132001: 'Modelo não aprovado (ou inexistente em português do Brasil) na Meta: confira o nome e o idioma pt_BR no WhatsApp Manager.',
  132005: 'O texto do modelo com os parâmetros ficou longo demais.',
  132007: 'O conteúdo viola a política de modelos da Meta.',
  132012: 'Um parâmetro não está no formato que o modelo aprovado espera.',
  132015: 'Modelo pausado pela Meta por baixa qualidade.',
  132016: 'Modelo desativado pela Meta por baixa qualidade.',
  131042: 'Problema de pagamento na conta do WhatsApp Business: confira a forma de pagamento no Gerenciador de Negócios.',
  131031: 'Conta do WhatsApp Business bloqueada pela Meta.',
  131005: 'Acesso negado: o token não tem permissão para enviar por este número.',
  133010: 'O número do WhatsApp Business não está registrado na Cloud API.',
  131008: 'Falta um parâmetro obrigatório no envio.',
  131009: 'Um parâmetro do envio tem valor inválido.',
  131051: 'Tipo de mensagem não aceito pela Meta.',
  100: 'A Meta recusou o pedido por um parâmetro inválido (confira a versão da API e os modelos aprovados).',
  131000: 'Erro desconhecido na Meta: a mensagem não foi enviada.',
  190: 'Token de acesso inválido ou expirado: gere um token permanente de usuário do sistema e atualize WHATSAPP_TOKEN.',
  368: 'Número bloqueado temporariamente pela Meta por violação de política.',
};

/** Meta's reason in pt-BR: the known code's words, else Meta's own title, else a plain "falhou". */
export function explainWhatsAppError(code: number | null, title: string | null): string {
  if (code !== null && whatsappErrorWords[code]) return whatsappErrorWords[code];
  if (title) return `Motivo informado pela Meta${code !== null ? ` (código ${code})` : ''}: ${title}`;
  return code !== null ? `A Meta recusou a mensagem (código ${code}).` : 'A mensagem não foi entregue.';
}

/** Why a message was never sent (status 'pulado'; the reason whatsapp_claim stores), in pt-BR. */
export const whatsappSkipWords: Readonly<Record<string, string>> = {
  parou: 'O lead pediu para parar as mensagens (ou não está mais no grupo do WhatsApp).',
  expirou: 'Passou da hora de enviar: um lembrete atrasado não é enviado.',
  reuniao_mudou: 'A reunião mudou de horário ou foi cancelada depois que o lembrete entrou na fila.',
};
