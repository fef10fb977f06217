// A content mistake must stop `astro build` with a message naming the file and the field.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildProject, copyProject } from '../support/project';

let workdir = '';

/** Builds a copy of the project where one content file was edited; returns whether it failed and its output. */
async function buildWith(file: string, edit: (yaml: string) => string) {
  workdir = await copyProject('content-check-');
  const path = join(workdir, 'content', file);
  const original = await readFile(path, 'utf8');
  const edited = edit(original);
  expect(edited).not.toBe(original);
  await writeFile(path, edited);
  try {
    await buildProject(workdir);
    return { failed: false, output: '' };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { failed: true, output: `${stdout}\n${stderr}` };
  }
}

afterEach(async () => {
  if (workdir) await rm(workdir, { recursive: true, force: true });
});

describe('content validation at build time', () => {
  it('a missing field names the file and the field', async () => {
    const result = await buildWith('servicos/palestras.yaml', (yaml) => yaml.replace(/^ {2}badge: Palestras\n/m, ''));
    expect(result.failed).toBe(true);
    expect(result.output).toContain('servicos/palestras');
    expect(result.output).toMatch(/hero\.badge/);
  });

  it('a wrong type names the file and the field', async () => {
    const result = await buildWith('home.yaml', (yaml) => yaml.replace('number: 6.000+, label: Empresários mentorados', 'number: 6000, label: Empresários mentorados'));
    expect(result.failed).toBe(true);
    expect(result.output).toContain('home');
    expect(result.output).toMatch(/hero\.stats\.0\.number/);
  });

  it('a bad URL names the file and the field', async () => {
    const result = await buildWith('site.yaml', (yaml) => yaml.replace(/^ {2}instagram: https:\/\/\S+/m, '  instagram: instagram.com/perfil'));
    expect(result.failed).toBe(true);
    expect(result.output).toContain('content/site.yaml');
    expect(result.output).toMatch(/social\.instagram/);
  });
});
