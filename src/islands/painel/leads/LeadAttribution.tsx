// Where the lead came from: the first touch (the visit that brought them) and the last (the one before the
// form), each with the fields it holds, in pt-BR; "Sem dados de campanha." when the browser kept none.
import type { LeadView, Touch } from '../../../domain/painel/api';
import { attributionCopy, touchLabels } from '../../../domain/painel/copy';
import { Facts } from '../Facts';
import { dateTimeOf } from '../format';
import { touchFields } from './touch';

function TouchFacts({ id, title, touch }: { id: string; title: string; touch: Touch | null }) {
  const fields = touchFields(touch);
  return (
    <div className="min-w-0">
      <h4 id={id} className="mt-2 font-semibold text-slate-900">
        {title}
      </h4>
      {fields.length ? <Facts rows={fields.map(([key, value]) => [touchLabels[key], value])} /> : <p className="mt-1 text-slate-600">{attributionCopy.none}</p>}
    </div>
  );
}

export function LeadAttribution({ idPrefix, attribution }: { idPrefix: string; attribution: LeadView['attribution'] }) {
  const { firstTouch, lastTouch } = attribution;
  if (touchFields(firstTouch).length === 0 && touchFields(lastTouch).length === 0) return <p className="text-slate-600">{attributionCopy.none}</p>;
  return (
    <div className="grid gap-4">
      <TouchFacts id={`${idPrefix}-primeiro-toque`} title={attributionCopy.firstTouch} touch={firstTouch} />
      <TouchFacts id={`${idPrefix}-ultimo-toque`} title={attributionCopy.lastTouch} touch={lastTouch} />
    </div>
  );
}

/** "Quero receber conteúdos por e-mail": Sim, with when; or Não. */
export const optInLine = (marketing: LeadView['marketing']) =>
  marketing.optIn ? `${attributionCopy.yes}${marketing.at ? `, em ${dateTimeOf(marketing.at)}` : ''}` : attributionCopy.no;
