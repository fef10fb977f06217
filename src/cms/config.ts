import { stringify } from 'yaml';
import { orcamentoSchema } from '../schemas/orcamento';
import { homeSchema, legalSchema, notFoundSchema, servicePageSchema } from '../schemas/pages';
import { reuniaoSchema } from '../schemas/reuniao';
import { siteSchema } from '../schemas/site';
import { objectFields } from './fields';

// The configuration of the editor at /admin/ (Sveltia CMS), generated from the content schemas and
// committed as public/admin/config.yml (`npm run cms -- config`); a test fails when the two differ.

/** The repository the editor commits to. Netlify's build puts the linked one in (REPOSITORY_URL, scripts/build/cms-admin.mjs);
 * this value only serves a local build, where the editor works on a local folder ("Trabalhar com repositório local"). */
const LOCAL_REPOSITORY = 'local/mentor-solar-site';

/** How the editor writes YAML, and how the content files are kept (src/cms/yaml.ts): double quotes, because
 * Astro reads YAML with js-yaml, which turns an unquoted 2026-11-21 into a date and fails the schema. */
export const OUTPUT = { omit_empty_optional_fields: true, yaml: { indent_size: 2, indent_sequences: true, quote: 'double' } } as const;

/** The single content files, each with the schema that types it. */
export const FILES = [
  { name: 'site', label: 'Identidade do site', file: 'content/site.yaml', schema: siteSchema },
  { name: 'home', label: 'Página inicial', file: 'content/home.yaml', schema: homeSchema },
  { name: 'orcamento', label: 'Orçamento (formulário e agendamento)', file: 'content/orcamento.yaml', schema: orcamentoSchema },
  { name: 'reuniao', label: 'Página da reunião (/reuniao)', file: 'content/reuniao.yaml', schema: reuniaoSchema },
  { name: 'not-found', label: 'Página não encontrada (404)', file: 'content/not-found.yaml', schema: notFoundSchema },
] as const;

/** Folders of content files that share one schema: the editor changes them but never adds or removes one. */
export const FOLDERS = [
  { name: 'servicos', label: 'Páginas de serviço', folder: 'content/servicos', extension: 'yaml', schema: servicePageSchema, identifier: 'breadcrumb' },
  { name: 'legal', label: 'Textos legais', folder: 'content/legal', extension: 'md', schema: legalSchema, identifier: 'heading' },
] as const;

/** Where the editor's uploads go, and their size limit. */
export const UPLOADS_FOLDER = 'public/uploads';
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

export function cmsConfig() {
  return {
    backend: { name: 'github', repo: LOCAL_REPOSITORY, branch: 'main', base_url: 'https://api.netlify.com', commit_messages: { update: 'Editor: {{collection}} “{{slug}}” atualizado por {{author-name}}' } },
    publish_mode: 'simple',
    // Uploads have their own folder, never the site root (where _headers, the icons and /admin/ live);
    // images only (scripts/build/cms-admin.mjs stops a build that finds anything else there), at most
    // UPLOAD_MAX_BYTES, names slugified; /uploads/* is served sandboxed (netlify.toml).
    media_folder: UPLOADS_FOLDER,
    public_folder: '/uploads',
    media_libraries: { default: { config: { max_file_size: UPLOAD_MAX_BYTES, slugify_filename: true } } },
    output: OUTPUT,
    collections: [
      {
        name: 'paginas',
        label: 'Textos do site',
        files: FILES.map(({ name, label, file, schema }) => ({ name, label, file, format: 'yaml', fields: objectFields(schema) })),
      },
      ...FOLDERS.map(({ name, label, folder, extension, schema, identifier }) => ({
        name,
        label,
        folder,
        extension,
        format: extension === 'md' ? 'frontmatter' : 'yaml',
        create: false,
        delete: false,
        identifier_field: identifier,
        summary: `{{${identifier}}}`,
        fields: [...objectFields(schema), ...(extension === 'md' ? [{ name: 'body', label: 'Texto', widget: 'markdown' }] : [])],
      })),
    ],
  };
}

/** public/admin/config.yml as committed. */
export const cmsConfigYaml = () =>
  `# Gerado de src/schemas/ por \`npm run cms -- config\`: não edite à mão (um teste compara).\n${stringify(cmsConfig(), { lineWidth: 0 })}`;
