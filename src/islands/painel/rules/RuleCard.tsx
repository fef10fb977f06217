// One rule of "Regras de encaminhamento" as a card: its sentence, its message, whether it is paused (read
// past by the routing: the badge says "Pausada"), and its buttons (Editar, Subir, Descer, Pausar or
// Retomar, Excluir with a confirmation). The last rule has only Editar: it holds for every lead.
import type { RoutingRule } from '../../../domain/scheduling/rules';
import { rulePauseCopy } from '../../../domain/painel/rules';
import { badge } from '../labels';
import { ui } from '../styles';

interface CardProps {
  rule: RoutingRule;
  index: number;
  /** The last rule's index (nothing moves below it). */
  last: number;
  sentence: string;
  busy: boolean;
  confirming: boolean;
  onEdit: () => void;
  onUp: () => void;
  onDown: () => void;
  onAskDelete: () => void;
  onKeep: () => void;
  onDelete: () => void;
  onPause: (pausada: boolean) => void;
}

export function RuleCard({ rule, index, last, sentence, busy, confirming, onEdit, onUp, onDown, onAskDelete, onKeep, onDelete, onPause }: CardProps) {
  const message = rule.destino.semReuniao;
  const paused = rule.pausada === true;
  return (
    <li className={`${ui.card} grid gap-2 ${paused ? 'border-dashed bg-slate-50' : ''}`}>
      <h3 id={`regra-titulo-${index}`} tabIndex={-1} className={`${ui.subheading} ${ui.wrap}`}>
        {index + 1}. {rule.nome}
        {paused && (
          <>
            {' '}
            <span className={`${badge} ml-1 bg-slate-200 align-middle text-slate-900`}>{rulePauseCopy.paused}</span>
          </>
        )}
      </h3>
      <p className={`${paused ? 'text-slate-700' : 'text-slate-900'} ${ui.wrap}`}>{sentence}</p>
      {paused && <p className={ui.hint}>{rulePauseCopy.pausedHint}</p>}
      {message && (
        <p className={`text-sm text-slate-700 ${ui.wrap}`}>
          Mensagem: “{message.mensagem}”{message.link ? ` — link “${message.link.texto}” (${message.link.url})` : ''}
        </p>
      )}
      {index === last && <p className={ui.hint}>Última regra: vale para todos os leads; fica sempre por último.</p>}
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={onEdit} disabled={busy} className={ui.small} aria-label={`Editar a regra ${index + 1}, ${rule.nome}`}>Editar</button>
        {index !== last && (
          <>
            <button type="button" onClick={onUp} disabled={busy || index === 0} className={ui.small} aria-label={`Subir a regra ${index + 1}, ${rule.nome}`}>Subir</button>
            <button type="button" onClick={onDown} disabled={busy || index === last - 1} className={ui.small} aria-label={`Descer a regra ${index + 1}, ${rule.nome}`}>Descer</button>
            <button type="button" onClick={() => onPause(!paused)} disabled={busy} className={ui.small}
              aria-label={`${paused ? 'Retomar' : 'Pausar'} a regra ${index + 1}, ${rule.nome}`}>{paused ? 'Retomar' : 'Pausar'}</button>
            {!confirming && (
              <button type="button" onClick={onAskDelete} disabled={busy} className={ui.small} aria-label={`Excluir a regra ${index + 1}, ${rule.nome}`}>Excluir</button>
            )}
          </>
        )}
      </div>
      {confirming && (
        <div role="group" aria-label={`Excluir a regra ${rule.nome}?`} className="flex flex-wrap items-center gap-2 rounded-xl border border-red-200 bg-red-50 px-3 py-2">
          <p className="text-sm font-medium text-slate-900">Excluir a regra “{rule.nome}”? Os próximos leads não passam mais por ela.</p>
          <button type="button" onClick={onDelete} disabled={busy} className={ui.small}>Sim, excluir</button>
          <button type="button" onClick={onKeep} className={ui.small}>Cancelar</button>
        </div>
      )}
    </li>
  );
}
