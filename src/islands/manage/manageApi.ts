// POST /api/manage (the token only in the body): view, reschedule, cancel.
import { managePath, type ManageRequest, type ManageResponse, type MeetingView } from '../../domain/manage';
import { postJson } from '../quote/dialog/schedulingApi';

const meetingOf = (body: { success?: unknown }) => {
  const meeting = (body as Extract<ManageResponse, { success: true }>).meeting;
  return meeting && typeof meeting.startsAt === 'string' ? meeting : undefined;
};

const post = (request: ManageRequest) => postJson<MeetingView>(managePath, request, meetingOf);

export const viewMeeting = (token: string) => post({ action: 'view', token });

export const rescheduleMeeting = (token: string, scheduledDate: string, scheduledTime: string, idempotencyKey: string) =>
  post({ action: 'reschedule', token, scheduledDate, scheduledTime, idempotencyKey });

export const cancelMeeting = (token: string, reason?: string) => post({ action: 'cancel', token, ...(reason ? { reason } : {}) });

/** The lead stops the WhatsApp messages. */
export const stopWhatsApp = (token: string) => post({ action: 'whatsapp-stop', token });
