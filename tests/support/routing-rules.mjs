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

/**
 * Puts `regras` in force in a database that several test files share (the rules' home since issue 33:
 * routing_rule_set), as a save in the painel would; answers the function that puts back what was there
 * (or empties the table again, so the next reader seeds it from the file as a new install does).
 * `sql`: a postgres.js client.
 */
export async function replaceRules(sql, regras) {
  const before = await sql`select rules from routing_rule_set`;
  await sql`insert into routing_rule_set (rules, version, updated_at) values (${sql.json({ regras })}, 1, now())
    on conflict (id) do update set rules = excluded.rules, version = routing_rule_set.version + 1, updated_at = now()`;
  return async () => {
    if (before.length) await sql`update routing_rule_set set rules = ${sql.json(before[0].rules)}, version = version + 1, updated_at = now()`;
    else await sql`delete from routing_rule_set`;
  };
}
