import { stringify } from 'yaml';
import { orcamentoSchema } from '../schemas/orcamento';
import { homeSchema, legalBody, legalSchema, notFoundSchema, servicePageSchema } from '../schemas/pages';
import { reuniaoSchema } from '../schemas/reuniao';
import { siteSchema } from '../schemas/site';
import { objectFields, toField } from './fields';
import { UPLOADS } from './uploads';

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


export function cmsConfig() {
  return {
    backend: { name: 'github', repo: LOCAL_REPOSITORY, branch: 'main', base_url: 'https://api.netlify.com', commit_messages: { update: 'Editor: {{collection}} “{{slug}}” atualizado por {{author-name}}' } },
    publish_mode: 'simple',
    app_title: 'Editor Mentor Solar',
    // Uploads go to their own folder, never the site's root (where _headers and _redirects live); the build
    // publishes from it only images within the size limit (./uploads.ts, applied by scripts/build/uploads.mjs).
    media_folder: UPLOADS.folder,
    public_folder: UPLOADS.publicPath,
    media_libraries: { default: { config: { max_file_size: UPLOADS.maxBytes, slugify_filename: true } } },
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
        fields: [...objectFields(schema), ...(extension === 'md' ? [{ ...toField('body', legalBody), widget: 'markdown' as const }] : [])],
      })),
    ],
  };
}

/** public/admin/config.yml as committed. */
export const cmsConfigYaml = () =>
  `# Gerado de src/schemas/ por \`npm run cms -- config\`: não edite à mão (um teste compara).\n${stringify(cmsConfig(), { lineWidth: 0 })}`;
