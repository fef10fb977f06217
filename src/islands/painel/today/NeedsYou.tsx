// "Precisa de você" at the top of Hoje: one line per thing that needs someone (the server's items, worded
// by src/domain/painel/needs-you.ts as the morning mail words them), each a link to its exact list.
// Nothing at all when nothing needs anyone.
import type { PainelPlace } from '../../../domain/painel/address';
import { needsYouCopy, needsYouLine, type NeedsYouItem } from '../../../domain/painel/needs-you';
import { wallClock } from '../format';
import { ui } from '../styles';
import { PlaceLink } from './PlaceLink';

export function NeedsYou({ items, onGo }: { items: NeedsYouItem[]; onGo: (place: PainelPlace) => void }) {
  if (items.length === 0) return null;
  const now = new Date();
  return (
    <section aria-labelledby="hoje-precisa" className="grid gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-4">
      <h3 id="hoje-precisa" className={ui.subheading}>
        {needsYouCopy.title}
      </h3>
      <ul className="grid gap-1">
        {items.map((item) => {
          const line = needsYouLine(item, now, wallClock);
          return (
            <li key={line.key} className={ui.wrap} data-needs-you={item.kind}>
              <PlaceLink place={line.place} onGo={onGo}>
                {line.text}
              </PlaceLink>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
