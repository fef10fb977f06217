// A touch (where a visit came from) in a line: 'google / cpc · solar-pr' for the list; the fields that
// hold something, in the order of touchKeys, for the lead's page.
import { touchKeys, type Touch, type TouchKey } from '../../../domain/painel/api';

/** The touch's fields that hold a value, in a fixed order. */
export const touchFields = (touch: Touch | null): [TouchKey, string][] =>
  touch ? touchKeys.flatMap((key) => (touch[key] ? [[key, touch[key]] as [TouchKey, string]] : [])) : [];

/** Source / medium · campaign (the referring site when there is no source); null when nothing is known. */
export function touchSummary(touch: Touch | null): string | null {
  if (!touch) return null;
  const source = [touch.utm_source ?? touch.referrer_host, touch.utm_medium].filter(Boolean).join(' / ');
  const line = [source, touch.utm_campaign].filter(Boolean).join(' · ');
  return line || null;
}
