/**
 * Company copy of the public site (ARCHITECTURE "Public site"): editors change the Markdown/YAML under
 * src/content/, never a component. Every schema is strict enough that a typo (missing field, bad e-mail,
 * unknown icon, misspelled key) fails `astro build` instead of shipping a broken page.
 * How to edit: src/content/README.md.
 */
import { defineCollection, z } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { ICON_NAMES } from './components/icons';

const text = z.string().trim().min(1);
/** Site-relative path ("/inquiries") or absolute URL; never "#" or "javascript:". */
const href = z
  .string()
  .trim()
  .refine((v) => /^\/(?!\/)/.test(v) || /^(https?:|mailto:|tel:)/.test(v), 'Link must start with "/", http(s):, mailto: or tel:');
const link = z.object({ label: text, href }).strict();
const icon = z.enum(ICON_NAMES);
const FOUNDED = 2023;

/** Markdown, one file per service; `kind` puts it among the three main cards or the additional services. */
const services = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/services' }),
  schema: z
    .object({
      title: text,
      kind: z.enum(['main', 'additional']),
      order: z.number().int().min(0),
      icon,
      summary: text.max(220, 'Keep a card summary under 220 characters'),
      highlights: z.array(text).max(6).default([]),
    })
    .strict(),
});

/** Open positions for /careers; the Markdown body is the role description. Set `open: false` to unlist. */
const jobs = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/jobs' }),
  schema: z
    .object({
      title: text,
      department: text,
      location: text,
      employmentType: z.enum(['Full-time', 'Part-time', 'Contract', 'Internship']),
      summary: text,
      postedOn: z.coerce.date(),
      open: z.boolean().default(true),
      apply: z
        .object({
          email: z.string().email(),
          subject: text,
          instructions: text,
        })
        .strict(),
    })
    .strict(),
});

/** YAML lists: each item needs a unique `id`; the file order is the display order. */
const team = defineCollection({
  loader: file('src/content/team.yaml'),
  schema: z.object({ id: text, name: text, role: text, bio: text }).strict(),
});

const values = defineCollection({
  loader: file('src/content/values.yaml'),
  schema: z.object({ id: text, title: text, icon, description: text }).strict(),
});

const expertise = defineCollection({
  loader: file('src/content/expertise.yaml'),
  schema: z.object({ id: text, area: text, skills: z.array(text).min(1) }).strict(),
});

const history = defineCollection({
  loader: file('src/content/history.yaml'),
  schema: z
    .object({
      id: text,
      // The company was founded in 2023: no milestone can predate it.
      year: z.number().int().min(FOUNDED, `The company was founded in ${FOUNDED}`).max(2100),
      title: text,
      description: text,
    })
    .strict(),
});

/** Company facts (single file): contact details, office, hours, socials. */
const company = defineCollection({
  loader: glob({ pattern: 'company.yaml', base: './src/content' }),
  schema: z
    .object({
      name: text,
      tagline: text,
      foundedYear: z.literal(FOUNDED),
      email: z.string().email(),
      phone: z.string().regex(/^\+?[\d\s()-]{7,20}$/, 'Phone may contain digits, spaces, (), - and a leading +'),
      office: z.object({ name: text, street: text, city: text, province: text, country: z.literal('Philippines') }).strict(),
      hours: z.array(z.object({ days: text, time: text }).strict()).min(1),
      responseTime: text,
      // A social profile without `url` is shown as plain text (the spec's two links without a target).
      socials: z.array(z.object({ label: text, url: z.string().url().startsWith('https://').optional() }).strict()),
    })
    .strict(),
});

/**
 * Page copy (one YAML file per page under src/content/pages/). A discriminated union on `page` so each
 * file gets exactly the fields its page renders.
 */
const hero = z.object({ eyebrow: text.optional(), heading: text, lead: text }).strict();
const section = z.object({ heading: text, lead: text.optional() }).strict();
const pages = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './src/content/pages' }),
  schema: z.discriminatedUnion('page', [
    z
      .object({
        page: z.literal('home'),
        hero: hero.extend({ primary: link, secondary: link }),
        services: section,
        about: section.extend({
          body: z.array(text).min(1),
          stats: z.array(z.object({ value: text, label: text }).strict()).max(4),
          link,
        }),
        cta: section.extend({ button: link }),
      })
      .strict(),
    z
      .object({
        page: z.literal('about'),
        hero,
        mission: section.extend({ body: z.array(text).min(1) }),
        values: section,
        team: section,
        expertise: section,
        history: section,
      })
      .strict(),
    z
      .object({
        page: z.literal('services'),
        hero,
        main: section,
        additional: section,
        cta: section.extend({ button: link }),
      })
      .strict(),
    z.object({ page: z.literal('careers'), hero, openings: section, empty: text, culture: z.array(text).min(1) }).strict(),
    z
      .object({
        page: z.literal('contact'),
        hero,
        details: section,
        advantages: section.extend({ items: z.array(z.object({ title: text, description: text }).strict()).min(1) }),
        form: section,
      })
      .strict(),
  ]),
});

export const collections = { services, jobs, team, values, expertise, history, company, pages };
