// A qualification rule without a meeting matched the lead's answers: instead of the calendar, the rule's
// message and link, in the mentor's words (content/roteamento.yaml, sent by POST /api/leads). The heading
// is the site's (content/orcamento.yaml → noMeeting). Focus moves to it, which is how it is announced.
import { useEffect, useRef } from 'react';
import type { LeadNoMeeting } from '../../../domain/api';
import type { NoMeetingCopy } from '../../../schemas/orcamento';

/** The rules file allows only these (src/schemas/roteamento.ts); anything else is not made a link. */
const SAFE_URL = /^(https:\/\/|mailto:|\/(?!\/))/;

export function NoMeetingPanel({ notice, copy }: { notice: LeadNoMeeting; copy: NoMeetingCopy }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [notice]);
  const link = notice.link && SAFE_URL.test(notice.link.url) ? notice.link : null;

  return (
    <section aria-labelledby="sem-reuniao-titulo" data-testid="sem-reuniao" className="mb-8 rounded-xl border border-amber-300 bg-amber-50 p-5 text-slate-900">
      <h2 id="sem-reuniao-titulo" ref={heading} tabIndex={-1} className="text-xl font-bold focus:outline-none">
        {copy.heading}
      </h2>
      <p className="mt-2 whitespace-pre-line text-sm text-slate-800">{notice.message}</p>
      {link && (
        <a
          href={link.url}
          className="mt-4 inline-flex min-h-11 items-center justify-center rounded-lg bg-amber-500 px-5 py-2.5 text-base font-semibold text-slate-950 hover:bg-amber-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 focus-visible:ring-offset-2"
        >
          {link.label}
        </a>
      )}
    </section>
  );
}
