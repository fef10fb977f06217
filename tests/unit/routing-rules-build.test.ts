// content/roteamento.yaml is checked by the build like every content file: a rule set without a final
// catch-all, or an unknown value, stops it naming the file. `astro sync` runs the same content check as
// `astro build` (the content layer validates every collection before any page): one mistake runs it for real
// in a copy of the project (~9 CPU-s); the other goes through the collection's schema in this process, the
// schema `astro sync` runs (src/content.config.ts), with the field path and message the build prints.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { roteamentoSchema } from '../../src/schemas/roteamento';
import { copyProject, projectRoot, syncProject } from '../support/project';

let workdir = '';
afterEach(async () => {
  if (workdir) await rm(workdir, { recursive: true, force: true });
});

async function syncWith(edit: (yaml: string) => string) {
  workdir = await copyProject('routing-rules-build-');
  const path = join(workdir, 'content/roteamento.yaml');
  const original = await readFile(path, 'utf8');
  expect(edit(original)).not.toBe(original);
  await writeFile(path, edit(original));
  try {
    await syncProject(workdir);
    return { failed: false, output: '' };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { failed: true, output: `${stdout}\n${stderr}` };
  }
}

/** The problems the content layer reports for the project's roteamento.yaml after `edit`, as the build prints them. */
async function problemsWith(edit: (yaml: string) => string) {
  const original = await readFile(join(projectRoot, 'content/roteamento.yaml'), 'utf8');
  expect(edit(original)).not.toBe(original);
  const parsed = roteamentoSchema.safeParse(load(edit(original)));
  return (parsed.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const lastRule = 'regras:\n  - nome: "Todos os leads"\n';

/**
 * Each test runs `astro sync` (~5 s of CPU) in a child process: with both unit workers busy and a CPU hog on one
 * core, content-validation.test.ts (the same steps) took 125 s and two of its tests passed vitest's 30 s default
 * (fresh clone, 2026-11-27). Sized for that machine, with room.
 */
const LOADED_BUILD_MS = 180_000;

describe('content/roteamento.yaml at build time', { timeout: LOADED_BUILD_MS }, () => {
  it('a last rule with conditions (no catch-all) stops the build naming the file', async () => {
    const result = await syncWith((yaml) => yaml.replace(lastRule, `${lastRule}    quando:\n      modeloNegocio: ["b2b"]\n`));
    expect(result.failed).toBe(true);
    expect(result.output).toContain('content/roteamento.yaml');
    expect(result.output).toContain('regras.0.quando: a última regra ("Todos os leads") precisa valer para todos os leads');
  });

  it('an unknown segment is refused naming the field', async () => {
    const rule = '  - nome: "Solar"\n    quando:\n      segmento: ["solar"]\n    destino:\n      equipe: "todos"\n';
    const problems = await problemsWith((yaml) => yaml.replace('regras:\n', `regras:\n${rule}`));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('regras.0.quando.segmento.0: "solar" não é um valor de segmento');
  });
});
