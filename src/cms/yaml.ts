import { stringify } from 'yaml';
import { z } from 'astro/zod';
import { OUTPUT } from './config';
import { defOf } from './fields';

// Content files written as the editor writes them, so the mentor's first save changes only what he changed.
// Sveltia CMS (0.221) serializes with the `yaml` package: keys in the order of the configuration's fields
// (the schema's), `indent`, `indentSeq`, no line folding (lineWidth 0), plain keys and, with
// `quote: double`, every string in double quotes; a data file ends with one newline, front matter sits
// between `---` lines followed by a blank line and the body.

/** `value` with its object keys in the schema's order (recursively); values are left as they are. */
export function inSchemaOrder(value: unknown, schema: z.ZodType): unknown {
  const def = defOf(schema);
  if (def.type === 'optional' || def.type === 'default') return inSchemaOrder(value, def.innerType as z.ZodType);
  if (def.type === 'object' && value && typeof value === 'object' && !Array.isArray(value)) {
    const shape = def.shape as Record<string, z.ZodType>;
    const source = value as Record<string, unknown>;
    const known = Object.keys(shape).filter((key) => key in source).map((key) => [key, inSchemaOrder(source[key], shape[key])]);
    const unknown = Object.keys(source).filter((key) => !(key in shape)).map((key) => [key, source[key]]);
    return Object.fromEntries([...known, ...unknown]);
  }
  if (Array.isArray(value) && def.type === 'array') return value.map((item) => inSchemaOrder(item, def.element as z.ZodType));
  if (Array.isArray(value) && def.type === 'tuple') return value.map((item, i) => inSchemaOrder(item, (def.items as z.ZodType[])[i]));
  return value;
}

const STRING_TYPE = { none: 'PLAIN', double: 'QUOTE_DOUBLE', single: 'QUOTE_SINGLE' } as const;

/** YAML as the editor writes it (no trailing newline): the options Sveltia derives from `output.yaml`. */
export const editorYaml = (data: unknown, yaml: { indent_size: number; indent_sequences: boolean; quote: keyof typeof STRING_TYPE } = OUTPUT.yaml) =>
  stringify(data, null, {
    indent: yaml.indent_size,
    indentSeq: yaml.indent_sequences,
    lineWidth: 0,
    defaultKeyType: 'PLAIN',
    defaultStringType: STRING_TYPE[yaml.quote],
    singleQuote: yaml.quote !== 'double',
  }).trim();

/** A YAML data file as the editor writes it. */
export const editorDataFile = (data: unknown, schema: z.ZodType) => `${editorYaml(inSchemaOrder(data, schema))}\n`;

/** A Markdown file with front matter as the editor writes it. */
export const editorMarkdownFile = (data: unknown, body: string, schema: z.ZodType) =>
  `---\n${editorYaml(inSchemaOrder(data, schema))}\n---\n${body.trim() ? `\n${body.trim()}\n` : ''}`;
