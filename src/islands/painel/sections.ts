// The console's sections for a role, in the bar's order: Hoje first, then Reuniões, Leads, Números; Equipe,
// Regras, Integrações and Atividade for the mentor; Minha agenda for whoever is a consultant (a mentor who is
// one too has it last). The console's bar and its frame before the session answers (Skeleton.tsx) both.
import type { PainelSection } from '../../domain/painel/address';

export function consoleSections(mentor: boolean, agenda: boolean): PainelSection[] {
  const own: PainelSection[] = agenda ? ['agenda'] : [];
  return mentor
    ? ['today', 'meetings', 'leads', 'numbers', 'team', 'rules', 'integrations', 'activity', ...own]
    : ['today', 'meetings', 'leads', 'numbers', ...own];
}
