// Grey shapes where content is coming (the console's frame, a screen, a list), instead of a line of
// "Carregando…": the page keeps its layout while the answer travels. Shapes are hidden from screen readers,
// which hear one status line instead. No pulse for whoever asked for reduced motion.
import { consoleSections } from './sections';
import { sectionLabels } from './shell/AppBar';
import type { SignedInHint } from './signedInHint';

const block = 'rounded-xl bg-slate-200 motion-safe:animate-pulse';

/** `status`: what a screen reader hears (once, politely); `rows`: how many row-shaped blocks. */
export function Skeleton({ status = 'Carregando…', rows = 3, className = '' }: { status?: string; rows?: number; className?: string }) {
  return (
    <div className={`grid gap-3 py-2 ${className}`}>
      <p role="status" className="sr-only">
        {status}
      </p>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} aria-hidden="true" className={`${block} h-16`} />
      ))}
    </div>
  );
}

/**
 * The console's frame before the session check answers (a browser where someone was signed in) or while its
 * code arrives: the bar with the sections of that role, not yet buttons, and the screen's place.
 */
export function ConsoleSkeleton({ hint }: { hint: SignedInHint }) {
  const sections = consoleSections(hint.role === 'mentor', hint.agenda);
  return (
    <div className="grid gap-6">
      <header className="border-b border-slate-200 pb-2">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <h1 className="text-xl font-bold text-slate-900">Painel</h1>
          <div aria-hidden="true" className={`${block} h-5 min-w-0 flex-1`} />
        </div>
        <ul aria-hidden="true" className="mt-2 flex flex-wrap gap-1">
          {sections.map((s) => (
            <li key={s} className="min-h-11 rounded-full bg-slate-100 px-4 py-2 text-base font-semibold text-slate-700">
              {sectionLabels[s]}
            </li>
          ))}
        </ul>
      </header>
      <main className="grid gap-5">
        <div aria-hidden="true" className={`${block} h-8 w-40`} />
        <Skeleton status="Carregando o painel…" rows={3} />
      </main>
    </div>
  );
}
