// Whether a quote form looks sent by a script rather than by the wizard in a browser, and from which
// source: what decides the follow-up (a mail to an address nobody verified) and its per-source cap.
// The signals, chosen because every browser that runs the wizard sends them on its fetch and plain
// scripts (curl, python-requests, Go, most bots) do not:
// * 'no-fetch-metadata': no Sec-Fetch-Site header (Chrome/Edge 76+, Firefox 90+, Safari 16.4+ send it);
// * 'cross-site': Sec-Fetch-Site other than same-origin (the wizard posts from the site itself);
// * 'no-accept-language': no Accept-Language (browsers always send one).
// Cost to real leads: a browser older than those versions (or a privacy tool stripping the headers)
// gets no follow-up; the lead itself, its notice to the mentor and its booking are unchanged.
import { clientNetwork, keyedHash } from '../painel/auth';

export type SubmissionSignal = 'no-fetch-metadata' | 'cross-site' | 'no-accept-language';

export function submissionSignals(req: Request): SubmissionSignal[] {
  const signals: SubmissionSignal[] = [];
  const site = req.headers.get('sec-fetch-site');
  if (!site) signals.push('no-fetch-metadata');
  else if (site !== 'same-origin') signals.push('cross-site');
  if (!req.headers.get('accept-language')?.trim()) signals.push('no-accept-language');
  return signals;
}

/**
 * The network the caps count as one source: the painel's own rule (an IPv4 address, or an IPv6 /56: a host or
 * a cheap VPS gets a /56, so per /64 one machine was 256 sources).
 */
export const sourceNetwork = clientNetwork;

/** The submitter's source as the caps count it: a keyed hash of its network (sourceNetwork), or null when unknown. */
export function sourceHash(key: Buffer, ip: string | undefined): string | null {
  return ip ? keyedHash(key, `lead-source\n${sourceNetwork(ip)}`) : null;
}
