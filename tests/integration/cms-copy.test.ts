// The editor speaks to the mentor (issue 35 item 4): every label and hint of the served configuration is pt-BR
// for someone who does not write code — no file paths, no code names, no developer jargon — and the entry
// screen is branded "Editor Mentor Solar".
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import type { CmsField } from '../../src/cms/fields';
import { PRIVACY_POLICY_PATH } from '../../src/domain/consent';
import { projectRoot } from '../support/project';

type Config = { app_title: string; collections: Array<{ label: string; files?: Array<{ label: string; fields: CmsField[] }>; fields?: CmsField[] }> };
const config = load(readFileSync(join(projectRoot, 'public/admin/config.yml'), 'utf8')) as Config;

/** Why a text would puzzle someone who does not write code; null when it reads fine. */
export function developerSpeak(text: string): string | null {
  // Placeholders such as {mentoredOwners} are what the mentor types: they are not code in his eyes.
  const prose = text.replace(/\{[A-Za-z]+\}/g, '');
  const rules: Array<[RegExp, string]> = [
    [/\b(src|content|functions|scripts|public|supabase)\/|\.(ts|mjs|js|ya?ml|md|json)\b/, 'a file path'],
    [/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/, 'a constant'],
    [/\b[a-z]+[A-Z][A-Za-z]*\b/, 'a camelCase name'],
    [/dados estruturados|\((Person|Service)\)|\bservidor\b|\bschema\b|\bzod\b|\bbuild\b|\bJSON\b|\bYAML\b|front ?matter|\bdeploy\b/i, 'developer jargon'],
    [/EXEMPLO — revisar/, 'a note between developers'],
  ];
  for (const [pattern, why] of rules) if (pattern.test(prose)) return why;
  return null;
}

describe('the editor’s words', () => {
  it('every label and hint is written for the mentor', () => {
    const found: string[] = [];
    const visit = (fields: CmsField[], path: string) => {
      for (const field of fields) {
        for (const text of [field.label, field.hint ?? '', field.pattern?.[1] ?? '']) {
          const why = developerSpeak(text);
          if (why) found.push(`${path}${field.name}: ${why}: ${text}`);
        }
        visit(field.fields ?? (field.field ? [field.field] : []), `${path}${field.name}.`);
      }
    };
    for (const collection of config.collections) {
      for (const file of collection.files ?? []) visit(file.fields, `${file.label} → `);
      visit(collection.fields ?? [], `${collection.label} → `);
    }
    expect(found).toEqual([]);
  });

  it('the check itself catches what the mentor must not read', () => {
    expect(developerSpeak('Muda junto com SITE_EMAIL em src/domain/contact.ts')).toBe('a file path');
    expect(developerSpeak('Muda junto com SITE_EMAIL')).toBe('a constant');
    expect(developerSpeak('nome usado nos dados estruturados (Person)')).toBe('developer jargon');
    expect(developerSpeak('Veja personName')).toBe('a camelCase name');
    expect(developerSpeak('Nas páginas, escreva {mentoredOwners} onde este número deve aparecer.')).toBeNull();
  });

  it('the policy’s address is its page’s route, never an editor field (a typed path would only break its links)', () => {
    expect(existsSync(join(projectRoot, `src/pages${PRIVACY_POLICY_PATH}.astro`))).toBe(true);
    const names: string[] = [];
    const visit = (fields: CmsField[]) => fields.forEach((f) => (names.push(f.name), visit(f.fields ?? [])));
    for (const collection of config.collections) [...(collection.files ?? []).map((f) => f.fields), collection.fields ?? []].forEach(visit);
    expect(names.filter((n) => /path/i.test(n))).toEqual([]);
  });

  it('the entry screen says "Editor Mentor Solar"', () => {
    expect(config.app_title).toBe('Editor Mentor Solar');
    expect(readFileSync(join(projectRoot, 'public/admin/index.html'), 'utf8')).toContain('<title>Editor Mentor Solar</title>');
  });
});
