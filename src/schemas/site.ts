import { z } from 'astro/zod';
import { navItem, text } from './shared';

// content/site.yaml: the site's identity, in one file.
export const siteSchema = z.object({
  name: text,
  personName: text,
  jobTitle: text,
  tagline: text,
  email: z.email(),
  location: text,
  address: z.object({ locality: text, region: z.string().length(2), country: z.string().length(2) }),
  social: z.object({ linkedin: z.url({ protocol: /^https$/ }), instagram: z.url({ protocol: /^https$/ }) }),
  blogUrl: z.url({ protocol: /^https$/ }),
  talksChatUrl: z.url({ protocol: /^https$/ }),
  claims: z.object({
    mentoredOwners: text,
    salesGenerated: text,
    salesInTwoDays: text,
    yearsOfExperience: text,
    immersionEditions: text,
    students: text,
    eventAttendees: text,
    instagramFollowers: text,
    peopleImpactedByTalks: text,
  }),
  nav: z.array(navItem).min(1),
  quoteButton: navItem,
  footer: z.object({
    about: text,
    navTitle: text,
    nav: z.array(navItem).min(1),
    contactTitle: text,
    socialTitle: text,
    copyright: text,
  }),
  privacy: z.object({ policyLink: text, policyPath: z.string().startsWith('/'), updatedLabel: text, versionLabel: text }),
  consent: z.object({ title: text, text, accept: text, reject: text, policyLink: text, preferences: text }),
  labels: z.object({
    skipToContent: text,
    openMenu: text,
    closeMenu: text,
    mainNav: text,
    footerNav: text,
    breadcrumbHome: text,
    newTab: text,
    linkedin: text,
    instagram: text,
    email: text,
  }),
});
export type Site = z.infer<typeof siteSchema>;
