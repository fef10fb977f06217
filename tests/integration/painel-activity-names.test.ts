// Equipe's answers and Atividade name consultants by name, not by address (the log keeps the address, so
// a rename shows the new name), and a weight's change reads old → new. On PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ActivityRow, Page, TeamMember } from '../../src/domain/painel/api';
import { ANA, MENTOR, painelClient } from './painel-helpers';
import { storeCases, type Opened } from './stores';

describe.each(storeCases(inject('postgresUrl')))('names in Equipe and Atividade on $name', (store) => {
  let opened: Opened;
  const { call, signIn } = painelClient(() => opened);
  let mentor: string;
  beforeAll(async () => {
    opened = await store.open();
    mentor = await signIn(MENTOR);
  });
  afterAll(() => opened?.close());

  const team = (command: string, args: string[]) => call('POST', '/api/painel/equipe', { cookie: mentor, body: { command, args } });
  const activity = async () => ((await (await call('GET', '/api/painel/atividade', { cookie: mentor })).json()) as Page<ActivityRow>).items;

  it('a weight change answers with the name and is in Atividade as "name: old → new"; a rename shows the new name', async () => {
    const members = ((await (await call('GET', '/api/painel/equipe', { cookie: mentor })).json()) as { consultants: TeamMember[] }).consultants;
    const ana = members.find((m) => m.email === ANA)!;
    const next = ana.weight === 150 ? 120 : 150;
    const res = await team('weight', [ANA, String(next)]);
    expect(res.status).toBe(200);
    const { message } = (await res.json()) as { message: string };
    expect(message).toContain(`Peso de ${ana.name}: ${next}`);
    expect(message).not.toContain(ANA);

    const [line] = await activity();
    expect(line).toMatchObject({ action: 'team:weight', actor: MENTOR, subject: `${ana.name}: ${ana.weight} → ${next}` });

    expect((await team('rename', [ANA, 'Ana Souza Lima'])).status).toBe(200);
    try {
      const lines = await activity();
      expect(lines[0]).toMatchObject({ action: 'team:rename', subject: 'Ana Souza Lima' });
      // The older line reads the name as it is now: the log keeps the address.
      expect(lines[1]).toMatchObject({ action: 'team:weight', subject: `Ana Souza Lima: ${ana.weight} → ${next}` });
      expect(JSON.stringify(lines.slice(0, 2))).not.toContain(ANA);
    } finally {
      await team('rename', [ANA, ana.name]);
      await team('weight', [ANA, String(ana.weight)]);
    }
  });
});
