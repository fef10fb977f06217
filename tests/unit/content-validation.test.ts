// A content mistake must stop `astro build` with a message naming the file and the field. The mistakes are
// caught by the content layer's schemas, which `astro build` runs first (`astro sync`). One mistake runs that
// step for real in a copy of the project (tests/support/project.ts syncProject says why): it proves the build
// stops and how Astro names the file and the field. The other schema mistakes go through the same schemas in
// this process (buildProblems, tests/support/content-checks.ts): each `astro sync` of a copy cost ~9 CPU-s.
// The policy text checked where its page renders builds for real; a claim changed once and reaching every page is
// checked on tests/integration/cms-roundtrip.test.ts's build (one build of a copy serves all its checks).
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentFiles, parseContent } from '../../src/cms/files';
import { buildProblems } from '../support/content-checks';
import { buildProject, copyProject, projectRoot, syncProject } from '../support/project';

let workdir = '';

/**
 * Builds (`step: 'build'`) or syncs the content of a copy of the project where one content file was edited;
 * returns whether it failed and its output.
 */
async function buildWith(file: string, edit: (yaml: string) => string, step: 'sync' | 'build' = 'sync') {
  workdir = await copyProject('content-check-');
  const path = join(workdir, 'content', file);
  const original = await readFile(path, 'utf8');
  const edited = edit(original);
  expect(edited).not.toBe(original);
  await writeFile(path, edited);
  try {
    await (step === 'build' ? buildProject(workdir) : syncProject(workdir));
    return { failed: false, output: '' };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { failed: true, output: `${stdout}\n${stderr}` };
  }
}

/** What the content layer's schema says of the project's `file` (under content/) after `edit`. */
async function problemsWith(file: string, edit: (text: string) => string) {
  const path = `content/${file}`;
  const entry = (await contentFiles(projectRoot)).find((f) => f.path === path);
  if (!entry) throw new Error(`${path} is not a content file`);
  const original = await readFile(join(projectRoot, path), 'utf8');
  const edited = edit(original);
  expect(edited).not.toBe(original);
  const { data, body } = parseContent(edited, entry.markdown);
  return buildProblems(entry, data, body);
}

afterEach(async () => {
  if (workdir) await rm(workdir, { recursive: true, force: true });
});

/**
 * Each test runs `astro sync` (~5 s of CPU) or a whole build (~50 s) in a child process: with both unit workers
 * busy and a CPU hog on one core, this file took 125 s and two of its tests passed vitest's 30 s default
 * (fresh clone, 2026-11-27). Sized for that machine, with room.
 */
const LOADED_BUILD_MS = 180_000;

describe('content validation at build time', { timeout: LOADED_BUILD_MS }, () => {
  it('a missing field names the file and the field', async () => {
    const result = await buildWith('servicos/palestras.yaml', (yaml) => yaml.replace(/^ {2}badge: "Palestras"\n/m, ''));
    expect(result.failed).toBe(true);
    expect(result.output).toContain('servicos/palestras');
    expect(result.output).toMatch(/hero\.badge/);
  });

  it('a wrong type names the field', async () => {
    const problems = await problemsWith('home.yaml', (yaml) => yaml.replace('      number: "{mentoredOwners}"\n      label: "Empresários mentorados"', '      number: 6000\n      label: "Empresários mentorados"'));
    expect(problems.map((p) => p.path)).toEqual(['hero.stats.0.number']);
  });

  it('a bad URL names the field', async () => {
    const problems = await problemsWith('site.yaml', (yaml) => yaml.replace(/^ {2}instagram: "https:\/\/\S+"/m, '  instagram: "instagram.com/perfil"'));
    expect(problems.map((p) => p.path)).toEqual(['social.instagram']);
  });

  it('a placeholder that is not a claim is refused, naming it', async () => {
    const problems = await problemsWith('home.yaml', (yaml) => yaml.replace('"{students}"', '"{studnts}"'));
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toContain('{studnts}');
  });

  it('a privacy policy that writes an address instead of {email} stops the build with the editor’s message', async () => {
    const result = await buildWith('legal/politica-de-privacidade.md', (md) => md.replace('**{email}**', '**privacidade@exemplo.com.br**'), 'build'); // checked where the page renders
    expect(result.failed).toBe(true);
    expect(result.output).toContain('content/legal/politica-de-privacidade.md');
    expect(result.output).toContain('Escreva {email} onde o e-mail de contato deve aparecer');
  });
});
