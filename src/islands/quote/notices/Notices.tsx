// Lazy chunk: the notices above the wizard (a booking just confirmed, or an email that already has a
// meeting). Loaded only when one exists, so /orcamento's first load does not carry them.
import { useStore } from '@nanostores/react';
import type { ConfirmationCopy, DialogCopy, UpcomingCopy } from '../../../schemas/orcamento';
import { $confirmation, $upcoming } from '../../store';
import { ConfirmationPanel } from './ConfirmationPanel';
import { UpcomingPanel } from './UpcomingPanel';

export interface NoticesCopy {
  confirmation: ConfirmationCopy;
  upcoming: UpcomingCopy;
  dialog: Pick<DialogCopy, 'timeZoneLabel'>;
}

export default function Notices({ copy }: { copy: NoticesCopy }) {
  const booked = useStore($confirmation);
  const upcoming = useStore($upcoming);
  if (upcoming) return <UpcomingPanel key={upcoming.leadId} leadId={upcoming.leadId} copy={copy.upcoming} />;
  if (booked) return <ConfirmationPanel key={booked.meeting.id} booked={booked} copy={copy.confirmation} dialog={copy.dialog} />;
  return null;
}
