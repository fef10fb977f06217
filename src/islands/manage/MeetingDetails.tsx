import type { Service } from '../../domain/options';
import type { MeetingView } from '../../domain/manage';
import { isRoomUrl, locationCopy, type MeetingLocation } from '../../domain/meeting-location';
import { localTimeAt, wallClock } from '../../lib/meeting-time';
import type { DialogCopy } from '../../schemas/orcamento';
import type { ReuniaoContent } from '../../schemas/reuniao';
import { fill } from '../quote/format';
import { buttonStyles } from './styles';

export type MeetingPhase = 'scheduled' | 'cancelled' | 'past';

/** Cancelled wins; a scheduled meeting whose end has passed is over. */
export function phaseOf(meeting: MeetingView, now = Date.now()): MeetingPhase {
  if (meeting.status === 'cancelled') return 'cancelled';
  return new Date(meeting.startsAt).getTime() + meeting.minutes * 60_000 <= now ? 'past' : 'scheduled';
}

/** Which line follows the page's intro: only a meeting that can still change offers to change it. */
export function introState(meeting: MeetingView, phase: MeetingPhase): keyof ReuniaoContent['introState'] {
  if (phase !== 'scheduled') return phase;
  if (!meeting.canChange) return 'locked';
  return meeting.actor === 'lead' ? 'changeable' : 'consultantChangeable';
}

const badge: Record<MeetingPhase, string> = {
  scheduled: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-red-100 text-red-900',
  past: 'bg-slate-200 text-slate-800',
};

/** Labels of the services (src/domain/options.ts), handed in by the page so the option lists stay out of the bundle. */
export type ServiceLabels = Record<Service, string>;

interface Props {
  copy: ReuniaoContent;
  services: ServiceLabels;
  dialog: DialogCopy;
  meeting: MeetingView;
  phase: MeetingPhase;
}

/**
 * Service, date dd/MM/yyyy, time HH:mm in Brasília (and the visitor's when it differs), consultant, how the
 * meeting happens, status.
 */
export function MeetingDetails({ copy, services, dialog, meeting, phase }: Props) {
  const start = new Date(meeting.startsAt);
  const { date, time } = wallClock(start);
  const local = localTimeAt(start);
  const row = 'flex flex-col gap-0.5 border-b border-slate-100 py-3 last:border-b-0 sm:flex-row sm:gap-4';
  const term = 'text-sm text-slate-600 sm:w-32 sm:shrink-0';
  const value = 'text-base font-semibold text-slate-900';
  return (
    <dl className="px-5">
      <div className={row}>
        <dt className={term}>{copy.summary.service}</dt>
        <dd className={value} data-testid="reuniao-servico">{services[meeting.service] ?? meeting.service}</dd>
      </div>
      <div className={row}>
        <dt className={term}>{copy.summary.date}</dt>
        <dd className={`${value} tabular-nums`} data-testid="reuniao-data">{date}</dd>
      </div>
      <div className={row}>
        <dt className={term}>{copy.summary.time}</dt>
        <dd className={value} data-testid="reuniao-horario">
          <span className="tabular-nums">{time}</span> <span className="font-normal text-slate-600">({dialog.timeZoneLabel})</span>
          {local && <span className="block text-sm font-normal text-slate-600">{fill(dialog.localTime, { time: local })}</span>}
        </dd>
      </div>
      <div className={row}>
        <dt className={term}>{copy.summary.consultant}</dt>
        <dd className={value} data-testid="reuniao-consultor">{meeting.consultantFirstName}</dd>
      </div>
      {/* An answer without a location (an older API during a deploy) shows no row rather than a wrong one. */}
      {meeting.location && (
        <div className={row}>
          <dt className={term}>{copy.summary.location}</dt>
          <dd data-testid="reuniao-local">
            <LocationDetail location={meeting.location} consultant={meeting.actor === 'consultant'} upcoming={phase === 'scheduled'} />
          </dd>
        </div>
      )}
      <div className={row}>
        <dt className={term}>{copy.summary.status}</dt>
        <dd data-testid="reuniao-situacao">
          <span className={`inline-flex rounded-full px-3 py-0.5 text-sm font-semibold ${badge[phase]}`}>{copy.status[phase]}</span>
        </dd>
      </div>
    </dl>
  );
}

/**
 * Videochamada or Ligação telefônica; while the meeting is ahead, what to do at its time and, for a room,
 * 'Entrar na videochamada' (a link only to an https:// room, checked again here: it is put in an href).
 */
function LocationDetail({ location, consultant, upcoming }: { location: MeetingLocation; consultant: boolean; upcoming: boolean }) {
  const words = locationCopy[location.kind];
  const detail = location.kind === 'phone' && consultant ? locationCopy.phone.consultantDetail : words.detail;
  return (
    <>
      <span className="text-base font-semibold text-slate-900">{words.label}</span>
      {upcoming && <span className="block text-sm text-slate-600">{detail}</span>}
      {upcoming && location.kind === 'video' && isRoomUrl(location.url) && (
        <a href={location.url} className={`${buttonStyles.secondary} mt-2`}>
          {locationCopy.video.join}
        </a>
      )}
    </>
  );
}
