// The .ics of a meeting, built by the `ics` package. One UID per meeting for its whole life; SEQUENCE
// grows with every change, so calendars move or cancel the event they already hold instead of adding one.
import module from 'node:module';

// `ics` (with yup, ~40 ms) is loaded by the first invite, not with the module: most requests of a function
// that can send one never do (docs/operations.md "Cold start"). A require, not import(): every invite is built
// synchronously, deep in the mail builders. Netlify's tracer (NFT) copies into the zip what is named in a call
// of a require made by `module.createRequire` (it matches those names) or by `createRequire` imported under that
// name. Written as `module.createRequire`: when two modules of one bundle import `createRequire`, esbuild renames
// one (createRequire2) and NFT no longer sees it (it dropped ics from the meetings zip beside
// calendar/parse-worker.ts's). Declared inside the function, not at the module's top: NFT sees only a
// declaration (`const x = module.createRequire(…)`), and a module that esbuild initialises on first use (the
// painel's handlers, functions/lib/painel/router.ts) has its top-level consts turned into assignments (tried:
// ics left the painel zip). tests/integration/netlify-bundle.test.ts checks the zips.
let loaded: typeof import('ics') | undefined;
/** The `ics` package, loaded on first use. */
export const icsLib = (): typeof import('ics') => {
  const requireIcs = module.createRequire(import.meta.url);
  return (loaded ??= requireIcs('ics') as typeof import('ics'));
};

/** PUBLISH: the event as a file for the booker's own calendar (no invitation semantics). */
export type CalendarMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';
export type CalendarPerson = { name: string; email: string };

export type CalendarEventInput = {
  meetingId: string;
  sequence: number;
  method: CalendarMethod;
  startsAt: Date;
  minutes: number;
  title: string;
  description: string;
  /** Where it happens (RFC 5545 LOCATION): the room URL, or who calls which number. Always set. */
  location: string;
  /** The video room (RFC 5545 URL), when there is one. */
  url?: string | null;
  /** The consultant: a lead's "Sim/Não" goes to a person, not to the no-reply sender. */
  organizer: CalendarPerson;
  /** Ignored for PUBLISH (a file for one's own calendar: nobody to answer). */
  attendees: (CalendarPerson & { organizer?: boolean })[];
};

/** The UID every invite of a meeting carries. */
export const eventUid = (meetingId: string) => `${meetingId}@mentor-solar`;

/**
 * A parameter value (CN) as RFC 6868 encodes it: a quoted parameter value may not hold DQUOTE
 * (RFC 5545), so `"` becomes `^'`, a line break `^n` and `^` itself `^^`. The `ics` package wraps the
 * value in quotes (so `;`, `,` and `:` are safe inside) but would only backslash-escape a quote, which
 * RFC 5545 does not allow and parsers read as the end of the value.
 */
export function encodeParamValue(value: string): string {
  return value.replace(/\^/g, '^^').replace(/\r\n|\r|\n/g, '^n').replace(/"/g, "^'");
}

export function calendarEvent(input: CalendarEventInput): string {
  const person = (p: CalendarPerson) => ({ name: encodeParamValue(p.name), email: p.email });
  const { error, value } = icsLib().createEvent({
    uid: eventUid(input.meetingId),
    method: input.method,
    sequence: input.sequence,
    productId: 'mentor-solar/agendamento',
    start: input.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: input.minutes },
    title: input.title,
    description: input.description,
    location: input.location,
    ...(input.url ? { url: input.url } : {}),
    status: input.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: person(input.organizer),
    // The organizer, listed as attendee too, has already accepted; only the others are asked to answer.
    attendees: input.method === 'PUBLISH' ? [] : input.attendees.map((a) => ({
      ...person(a), role: 'REQ-PARTICIPANT',
      ...(a.organizer ? { rsvp: false, partstat: 'ACCEPTED' as const } : { rsvp: input.method === 'REQUEST', partstat: 'NEEDS-ACTION' as const }),
    })),
  });
  if (error || !value) throw Object.assign(new Error('ics failed'), { code: 'ics_failed' });
  return foldOctets(value);
}

/**
 * Lines of at most 75 octets (RFC 5545 3.1). The `ics` package folds at 75 characters, which accents and
 * emoji push past 75 octets; this unfolds its output and folds again by UTF-8 length, between whole
 * characters, with CRLF and one space.
 */
export function foldOctets(ics: string): string {
  const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n');
  return lines.map((line) => {
    const parts: string[] = [];
    let part = '';
    let size = 0;
    for (const char of line) {
      const bytes = Buffer.byteLength(char, 'utf8');
      if (size + bytes > (parts.length === 0 ? 75 : 74)) {
        parts.push(part);
        part = '';
        size = 0;
      }
      part += char;
      size += bytes;
    }
    parts.push(part);
    return parts.join('\r\n ');
  }).join('\r\n');
}
