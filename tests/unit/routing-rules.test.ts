// content/roteamento.yaml: the schema the build and the functions share, and the functions' loader.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { leadRouteOf, loadRoutingRules, parseRoutingRules, routingRules, routingRulesPath, ROUTING_RULES_FILE } from '../../functions/lib/routing-rules';
import { roteamentoSchema } from '../../src/schemas/roteamento';
import { projectRoot } from '../support/project';

const FILE = 'content/roteamento.yaml';
const dir = await mkdtemp(join(tmpdir(), 'routing-rules-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const catchAll = '  - nome: "Todos"\n    destino:\n      equipe: "todos"\n';
const parse = (yaml: string) => parseRoutingRules(yaml, FILE);

describe('the shipped content/roteamento.yaml', () => {
  it('routes everyone to the whole team (today’s behaviour), found from the functions’ folder', async () => {
    expect(routingRulesPath({})).toBe(join(projectRoot, ROUTING_RULES_FILE));
    expect(await routingRules({})).toEqual({ regras: [{ nome: 'Todos os leads', destino: { equipe: 'todos' } }] });
    expect(leadRouteOf(await routingRules({}), { service: 'trafego', segmento: 'ecommerce', faturamento: '0-50', numeroVendedores: 'nenhum', cargo: 'vendedor', modeloNegocio: 'b2c' }))
      .toEqual({ rule: 'Todos os leads', kind: 'team' });
  });

  it('its commented examples, uncommented, pass the schema (the mentor copies them as they are)', async () => {
    const { readFile } = await import('node:fs/promises');
    const text = await readFile(join(projectRoot, FILE), 'utf8');
    const lines = text.split('\n');
    const examples = lines.slice(lines.findIndex((l) => l.startsWith('# Exemplos'))).filter((l) => l.startsWith('#  ')).map((l) => l.slice(1)).join('\n');
    const rules = await parseRoutingRules(`regras:\n${examples}\n${catchAll}`, FILE);
    expect(rules.regras.map((r) => r.nome)).toEqual(['B2C abaixo de R$ 50 mil', 'Tráfego pago para energia solar', 'Vendedores sem decisão de compra', 'Todos']);
  });
});

describe('the rules schema (the build’s and the functions’)', () => {
  it('a rule set whose last rule has conditions fails, naming the file and the rule', async () => {
    await expect(parse('regras:\n  - nome: "Só B2B"\n    quando:\n      modeloNegocio: ["b2b"]\n    destino:\n      equipe: "todos"\n'))
      .rejects.toThrow(/^content\/roteamento\.yaml: regras\.0\.quando: a última regra \("Só B2B"\) precisa valer para todos os leads/);
  });

  it('a catch-all above other rules fails (the rules below it would never apply)', async () => {
    await expect(parse(`regras:\n${catchAll}  - nome: "Fim"\n    destino:\n      equipe: "todos"\n`)).rejects.toThrow(/regras\.0\.quando: a regra "Todos" vale para todos os leads/);
  });

  it('an unknown value names the field and lists the valid ones', async () => {
    await expect(parse(`regras:\n  - nome: "Solar"\n    quando:\n      segmento: ["solar"]\n    destino:\n      equipe: "todos"\n${catchAll}`))
      .rejects.toThrow(/content\/roteamento\.yaml: regras\.0\.quando\.segmento\.0: "solar" não é um valor de segmento; use um destes: energia-solar, /);
    await expect(parse(`regras:\n  - nome: "S"\n    quando:\n      servico: ["palestras"]\n    destino:\n      equipe: "todos"\n${catchAll}`)).rejects.toThrow(/servico\.0: "palestras" não é um valor de servico/);
  });

  it('a misspelt condition, an empty list, two destinations, a bad e-mail or link fail', async () => {
    const rule = (body: string) => parse(`regras:\n  - nome: "R"\n${body}${catchAll}`);
    await expect(rule('    quando:\n      segmentos: ["outro"]\n    destino:\n      equipe: "todos"\n')).rejects.toThrow(/regras\.0\.quando: condição desconhecida: segmentos/);
    await expect(rule('    quando:\n      cargo: []\n    destino:\n      equipe: "todos"\n')).rejects.toThrow(/regras\.0\.quando\.cargo: liste ao menos um valor de cargo/);
    await expect(rule('    quando:\n      cargo: ["vendedor"]\n    destino:\n      equipe: "todos"\n      consultores: ["a@b.com"]\n')).rejects.toThrow(/regras\.0\.destino: use exatamente um destino/);
    await expect(rule('    quando:\n      cargo: ["vendedor"]\n    destino:\n      consultores: ["ana"]\n')).rejects.toThrow(/regras\.0\.destino\.consultores\.0: e-mail de consultor inválido/);
    await expect(rule('    quando:\n      cargo: ["vendedor"]\n    destino:\n      semReuniao:\n        mensagem: "M"\n        link:\n          texto: "T"\n          url: "http://x.com"\n')).rejects.toThrow(/regras\.0\.destino\.semReuniao\.link\.url: use um caminho do site/);
    await expect(rule('    quando:\n      cargo: ["vendedor"]\n    destino:\n      equipe: "alguns"\n')).rejects.toThrow(/regras\.0\.destino\.equipe/);
    await expect(parse(`regras:\n${catchAll.replace('Todos', 'X')}`.replace('X', 'A') + catchAll.replace('Todos', 'A'))).rejects.toThrow(/o nome "A" já é de outra regra/);
  });

  it('accepts site paths, https (wa.me too) and mailto links; trims and lower-cases consultants', () => {
    for (const url of ['/palestras', 'https://wa.me/5543999999999?text=Ol%C3%A1', 'mailto:contato@mentorsolar.com.br']) {
      const data = { regras: [{ nome: 'R', destino: { semReuniao: { mensagem: 'M', link: { texto: 'T', url } } } }] };
      expect(roteamentoSchema.safeParse(data).success, url).toBe(true);
    }
    const pool = roteamentoSchema.parse({ regras: [{ nome: 'R', quando: null, destino: { consultores: [' Ana@Empresa.com.br '] } }] });
    expect(pool.regras[0]).toEqual({ nome: 'R', quando: undefined, destino: { consultores: ['ana@empresa.com.br'] } });
  });
});

describe('the functions’ loader', () => {
  it('throws naming the file it read (ROUTING_RULES_FILE) and the field; a missing file names the file', async () => {
    const file = join(dir, 'sem-final.yaml');
    await writeFile(file, 'regras:\n  - nome: "B2C"\n    quando:\n      modeloNegocio: ["b2c"]\n    destino:\n      equipe: "todos"\n');
    await expect(routingRules({ ROUTING_RULES_FILE: file })).rejects.toThrow(`${file}: regras.0.quando: a última regra`);
    await expect(loadRoutingRules(join(dir, 'nada.yaml'))).rejects.toThrow(`${join(dir, 'nada.yaml')}: ENOENT`);
    await writeFile(join(dir, 'quebrado.yaml'), 'regras: [\n');
    await expect(loadRoutingRules(join(dir, 'quebrado.yaml'))).rejects.toThrow(/quebrado\.yaml: YAML inválido/);
  });

  it('reads ROUTING_RULES_FILE instead of content/roteamento.yaml', async () => {
    const file = join(dir, 'b2c.yaml');
    await writeFile(file, `regras:\n  - nome: "B2C pequeno"\n    quando:\n      modeloNegocio: ["b2c"]\n      faturamento: ["0-50"]\n    destino:\n      semReuniao:\n        mensagem: "Veja o material."\n${catchAll}`);
    expect((await routingRules({ ROUTING_RULES_FILE: file })).regras.map((r) => r.nome)).toEqual(['B2C pequeno', 'Todos']);
  });
});
