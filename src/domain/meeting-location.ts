// How a meeting happens: in the consultant's own video room (Meet, Zoom, Teams…) or by a phone call the
// consultant makes to the lead. Set per consultant (`npm run consultants -- sala <email> <url>|telefone`);
// a consultant without a room calls. Every place that says where a meeting happens (dialog, confirmation,
// mails, invite, /reuniao) takes its words from here.

/** The room itself is only told to the booked lead and the team: public availability carries the kind alone. */
export type MeetingLocationKind = 'video' | 'phone';
export type MeetingLocation = { kind: 'video'; url: string } | { kind: 'phone' };

export const ROOM_URL_MAX = 500;

/** An https:// address without credentials, at most ROOM_URL_MAX characters. */
export function isRoomUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > ROOM_URL_MAX) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && Boolean(url.hostname) && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** A consultant's stored room (null: none) as the meeting's location. */
export function locationOf(roomUrl: string | null | undefined): MeetingLocation {
  return roomUrl && isRoomUrl(roomUrl) ? { kind: 'video', url: roomUrl } : { kind: 'phone' };
}

export const locationCopy = {
  video: {
    label: 'Videochamada',
    /** For the lead: the room is the consultant's link. */
    detail: 'Entre pela sala de vídeo no horário marcado.',
    join: 'Entrar na videochamada',
  },
  phone: {
    label: 'Ligação telefônica',
    detail: 'O consultor liga para o seu telefone no horário marcado.',
    /** For the consultant: who calls whom. */
    consultantDetail: 'Ligue para o lead no horário marcado.',
  },
} as const;
