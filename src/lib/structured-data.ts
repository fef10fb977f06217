// JSON-LD for search engines, typed with schema-dts. Built from content, never hand-written per page.
import type { BreadcrumbList, FAQPage, Person, ProfessionalService, Service, WithContext } from 'schema-dts';
import type { FaqEntry } from '../schemas/shared';
import type { Site } from '../schemas/site';
import { openingHoursLd } from '../domain/scheduling/business-hours';
import { schedulingConfig } from '../domain/scheduling/config';

export type JsonLd = WithContext<Person | ProfessionalService | Service | FAQPage | BreadcrumbList>;

const id = (origin: string, fragment: string) => `${origin}/#${fragment}`;

export function personLd(site: Site, origin: string): WithContext<Person> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    '@id': id(origin, 'person'),
    name: site.personName,
    jobTitle: site.jobTitle,
    email: `mailto:${site.email}`,
    url: `${origin}/`,
    sameAs: [site.social.linkedin, site.social.instagram],
    address: { '@type': 'PostalAddress', addressLocality: site.address.locality, addressRegion: site.address.region, addressCountry: site.address.country },
  };
}

export function businessLd(site: Site, origin: string): WithContext<ProfessionalService> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': id(origin, 'business'),
    name: site.name,
    description: site.tagline,
    url: `${origin}/`,
    email: site.email,
    image: `${origin}/og-image.png`,
    founder: { '@id': id(origin, 'person') },
    areaServed: { '@type': 'Country', name: 'Brasil' },
    address: { '@type': 'PostalAddress', addressLocality: site.address.locality, addressRegion: site.address.region, addressCountry: site.address.country },
    openingHoursSpecification: openingHoursLd(schedulingConfig),
    sameAs: [site.social.linkedin, site.social.instagram],
  };
}

export function serviceLd(origin: string, path: string, name: string, serviceType: string, description: string): WithContext<Service> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name,
    serviceType,
    description,
    url: `${origin}${path}`,
    provider: { '@id': id(origin, 'business') },
    areaServed: { '@type': 'Country', name: 'Brasil' },
  };
}

export function faqLd(items: FaqEntry[]): WithContext<FAQPage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

/** One crumb per path segment; `names` maps a segment to its label. */
export function breadcrumbLd(origin: string, path: string, homeName: string, names: Record<string, string>): WithContext<BreadcrumbList> {
  const segments = path.split('/').filter(Boolean);
  const crumbs = [{ name: homeName, url: `${origin}/` }].concat(
    segments.map((segment, i) => ({ name: names[segment] ?? segment, url: `${origin}/${segments.slice(0, i + 1).join('/')}` })),
  );
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: crumb.url })),
  };
}
