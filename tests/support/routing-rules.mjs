// The example of a qualification rule, shared by the tests and the bench that write a rules file
// (ROUTING_RULES_FILE): B2C leads with revenue below R$ 50 mil get a message and a link, no meeting.

export const B2C_MESSAGE = 'Obrigado! Pelo porte da sua empresa, o melhor começo é o nosso material gratuito sobre vendas.';

/** The rule as it sits in `regras:` (YAML, indented for a list item), with the given message. */
export const b2cNoMeetingRule = (message = B2C_MESSAGE) => `  - nome: "B2C abaixo de R$ 50 mil"
    quando:
      modeloNegocio: ["b2c"]
      faturamento: ["0-50"]
    destino:
      semReuniao:
        mensagem: "${message}"
        link:
          texto: "Ver o material"
          url: "https://blog.mentorsolar.com.br"
`;
