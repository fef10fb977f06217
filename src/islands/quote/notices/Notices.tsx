// Lazy chunk: the notices above the wizard (a booking just confirmed, an email that already has a meeting,
// or answers a qualification rule sends to no meeting). Loaded only when one exists, so /orcamento's first
// load does not carry them.
import { useStore } from '@nanostores/react';
import type { ConfirmationCopy, DialogCopy, NoMeetingCopy, UpcomingCopy } from '../../../schemas/orcamento';
import { $confirmation, $upcoming } from '../../store';
import { $noMeeting } from '../noMeeting';
import { ConfirmationPanel } from './ConfirmationPanel';
import { NoMeetingPanel } from './NoMeetingPanel';
import { UpcomingPanel } from './UpcomingPanel';

export interface NoticesCopy {
  confirmation: ConfirmationCopy;
  upcoming: UpcomingCopy;
  noMeeting: NoMeetingCopy;
  dialog: Pick<DialogCopy, 'timeZoneLabel'>;
}

export default function Notices({ copy }: { copy: NoticesCopy }) {
  const booked = useStore($confirmation);
  const upcoming = useStore($upcoming);
  const noMeeting = useStore($noMeeting);
  if (upcoming) return <UpcomingPanel key={upcoming.leadId} leadId={upcoming.leadId} copy={copy.upcoming} />;
  if (noMeeting) return <NoMeetingPanel notice={noMeeting} copy={copy.noMeeting} />;
  if (booked) return <ConfirmationPanel key={booked.meeting.id} booked={booked} copy={copy.confirmation} dialog={copy.dialog} />;
  return null;
}
