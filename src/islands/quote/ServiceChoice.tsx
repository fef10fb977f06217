import { useEffect, useRef, type MouseEvent } from 'react';
import type { ServicesCopy } from '../../schemas/orcamento';
import { chooseService, type Service } from '../store';
import { showFormSkeleton } from './formSkeleton';

interface Props {
  copy: ServicesCopy;
  talksChatUrl: string;
  /** After leaving the form, focus the heading so keyboard users are not left at the top of the page. */
  takeFocus: boolean;
  /** The visitor is about to pick a form service: start fetching the form. */
  onIntent: () => void;
}

const card =
  'group block h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-amber-400 hover:shadow-md focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:ring-offset-2';

/**
 * Step 0. Real links, so the choice works before (or without) JavaScript:
 * Consultoria and Tráfego Pago load /orcamento?servico=…, Palestras opens the chat in a new tab.
 * With JavaScript the two form links start the form in place.
 */
export function ServiceChoice({ copy, talksChatUrl, takeFocus, onIntent }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus && document.activeElement === document.body) heading.current?.focus();
  }, [takeFocus]);
  const start = (service: Service) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return; // let "open in new tab" work
    event.preventDefault();
    showFormSkeleton(true);
    chooseService(service);
  };

  return (
    <section aria-labelledby="servicos-titulo" data-service-choice className="quote-form:hidden">
      <h2 id="servicos-titulo" ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
        {copy.heading}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        <li>
          <a className={card} href={talksChatUrl} target="_blank" rel="noopener">
            <span className="block text-lg font-semibold text-slate-900 group-hover:text-amber-700">{copy.palestras.title}</span>
            <span className="mt-1 block text-sm text-slate-600">{copy.palestras.description}</span>
            <span className="sr-only"> {copy.palestras.newTabHint}</span>
          </a>
        </li>
        <li>
          <a className={card} href="/orcamento?servico=consultoria" onClick={start('consultoria')} onPointerEnter={onIntent} onFocus={onIntent} onTouchStart={onIntent}>
            <span className="block text-lg font-semibold text-slate-900 group-hover:text-amber-700">{copy.consultoria.title}</span>
            <span className="mt-1 block text-sm text-slate-600">{copy.consultoria.description}</span>
          </a>
        </li>
        <li>
          <a className={card} href="/orcamento?servico=trafego" onClick={start('trafego')} onPointerEnter={onIntent} onFocus={onIntent} onTouchStart={onIntent}>
            <span className="block text-lg font-semibold text-slate-900 group-hover:text-amber-700">{copy.trafego.title}</span>
            <span className="mt-1 block text-sm text-slate-600">{copy.trafego.description}</span>
          </a>
        </li>
      </ul>
    </section>
  );
}
