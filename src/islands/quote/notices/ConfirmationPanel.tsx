// "Reunião confirmada": what the visitor just booked, kept on screen after the wizard resets (the toast
// alone vanished after 6 s). Focus moves to its heading once, which is how it is announced.
import { useEffect, useMemo, useRef } from 'react';
import type { MeetingBooked } from '../../../domain/api';
import { locationCopy } from '../../../domain/meeting-location';
import { labelOf, serviceOptions } from '../../../domain/options';
import { brWeekday, zoneLongName } from '../../../domain/scheduling/time';
import { localTimeAt, visitorTimeZone, wallClock } from '../../../lib/meeting-time';
import type { ConfirmationCopy, DialogCopy } from '../../../schemas/orcamento';
import { fill } from '../format';
import { googleCalendarUrl, outlookCalendarUrl } from './calendarLinks';
import { WHATSAPP_ON_ITS_WAY } from '../../../domain/whatsapp';

interface Props {
  booked: MeetingBooked;
  copy: ConfirmationCopy;
  dialog: Pick<DialogCopy, 'timeZoneLabel'>;
}

const link = 'font-semibold text-amber-800 underline decoration-amber-400 underline-offset-2 hover:text-amber-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-500';

export function ConfirmationPanel({ booked, copy, dialog }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const { meeting } = booked;
  const startsAt = new Date(meeting.startsAt);
  const brasilia = wallClock(startsAt);
  const local = localTimeAt(startsAt);
  const zone = visitorTimeZone();
  const place = meeting.location;
  const placeText = place.kind === 'video' ? `${locationCopy.video.label}: ${place.url}` : `${locationCopy.phone.label}. ${locationCopy.phone.detail}`;
  const title = `Reunião de ${labelOf(serviceOptions, meeting.service)} com ${booked.preseller.name}`;
  const event = { title, startsAt, minutes: meeting.minutes, details: [placeText, booked.manageUrl ? `${copy.manage}: ${booked.manageUrl}` : ''].filter(Boolean).join('\n'), location: place.kind === 'video' ? place.url : locationCopy.phone.label };
  // The server's .ics (METHOD:PUBLISH) as a download; revoked when the panel goes.
  const icsUrl = useMemo(() => URL.createObjectURL(new Blob([booked.ics], { type: 'text/calendar;charset=utf-8' })), [booked.ics]);
  useEffect(() => () => URL.revokeObjectURL(icsUrl), [icsUrl]);

  return (
    <section aria-labelledby="confirmacao-titulo" data-testid="confirmacao" className="mb-8 rounded-xl border border-emerald-300 bg-emerald-50 p-5 text-slate-900">
      <h2 id="confirmacao-titulo" ref={heading} tabIndex={-1} className="text-xl font-bold focus:outline-none">
        {copy.heading}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-700">{copy.when}</dt>
        <dd className="font-medium">
          {`${brWeekday(brasilia.day)}, ${brasilia.date} às ${brasilia.time} (${dialog.timeZoneLabel})`}
          {local && <span className="block font-normal text-slate-700">{fill(copy.localTime, { time: local, zone: zoneLongName(startsAt, zone) })}</span>}
          <span className="block font-normal text-slate-700">{copy.duration}</span>
        </dd>
        <dt className="text-slate-700">{copy.consultant}</dt>
        <dd className="font-medium">{booked.preseller.name}</dd>
        <dt className="text-slate-700">{copy.location}</dt>
        <dd className="font-medium">
          {place.kind === 'video' ? (
            <>
              {locationCopy.video.label}.{' '}
              <a className={link} href={place.url} target="_blank" rel="noopener">
                {locationCopy.video.join}
              </a>
            </>
          ) : (
            <>
              {locationCopy.phone.label}. <span className="font-normal">{locationCopy.phone.detail}</span>
            </>
          )}
        </dd>
      </dl>
      <h3 className="mt-4 text-sm font-semibold">{copy.addToCalendar}</h3>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <li>
          <a className={link} href={googleCalendarUrl(event)} target="_blank" rel="noopener">
            {copy.googleCalendar}
          </a>
        </li>
        <li>
          <a className={link} href={outlookCalendarUrl(event)} target="_blank" rel="noopener">
            {copy.outlook}
          </a>
        </li>
        <li>
          <a className={link} href={icsUrl} download="reuniao.ics">
            {copy.icsFile}
          </a>
        </li>
      </ul>
      <p className="mt-4 text-sm">
        {booked.manageUrl ? (
          <a className={link} href={booked.manageUrl}>
            {copy.manage}
          </a>
        ) : (
          copy.manageByEmail
        )}
      </p>
      {booked.whatsapp && <p className="mt-2 text-sm">{WHATSAPP_ON_ITS_WAY}</p>}
      <h3 className="mt-4 text-sm font-semibold">{copy.nextHeading}</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-800">
        {copy.next.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
