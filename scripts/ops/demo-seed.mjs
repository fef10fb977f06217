// Demo data for the painel (issue 18), loaded only by `npm run db:seed -- --demo N`: N leads, 40% of N
// meetings from about 23 months ago to a month ahead with 6 demo consultants, ~8% cancelled, outcomes on
// ~85% of the past scheduled ones, booked (booked_at) when created, so a month's "Agendadas" is that month's;
// every lead's first and last campaign touch: three campaigns of different quality (the share of met leads
// marked qualificado: CAMPAIGNS below), a search engine's referral and none. Generated inside the database (generate_series) so 50,000 leads load in
// seconds, also on PGlite. Deterministic: every choice is a hash of the row number, so two loads of one N
// differ only in the clock and the ids. Every name, company and address is invented (example.com.br).

/** Demo rows are recognised by these idempotency-key prefixes (a second load is refused by them). */
export const DEMO_LEAD_KEY = 'demo-lead-';
export const DEMO_MEETING_KEY = 'demo-meeting-';
export const DEMO_MAX_LEADS = 100_000;

export const DEMO_CONSULTANTS = [
  ['Mariana Costa', 'mariana.costa@consultores.example.com.br'],
  ['Rafael Oliveira', 'rafael.oliveira@consultores.example.com.br'],
  ['Juliana Ribeiro', 'juliana.ribeiro@consultores.example.com.br'],
  ['Thiago Nascimento', 'thiago.nascimento@consultores.example.com.br'],
  ['Patrícia Fernandes', 'patricia.fernandes@consultores.example.com.br'],
  ['Eduardo Martins', 'eduardo.martins@consultores.example.com.br'],
];

const FIRST = ['Ana', 'João', 'Maria', 'Pedro', 'Fernanda', 'Lucas', 'Camila', 'Gabriel', 'Beatriz', 'Rafael', 'Larissa',
  'Felipe', 'Juliana', 'Gustavo', 'Aline', 'Rodrigo', 'Carolina', 'Marcelo', 'Letícia', 'André', 'Vanessa', 'Bruno',
  'Priscila', 'Diego', 'Renata', 'Leandro', 'Tatiane', 'Vinícius', 'Patrícia', 'Fábio', 'Natália', 'Márcio', 'Luana',
  'Henrique', 'Débora', 'Otávio', 'Simone', 'Caio', 'Elaine', 'Sérgio'];
const LAST = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes',
  'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa', 'Rocha',
  'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas', 'Cardoso', 'Ramos',
  'Gonçalves', 'Santana', 'Teixeira', 'Araújo', 'Pinto', 'Correia', 'Cavalcanti', 'Monteiro'];
const COMPANY_A = ['Solar', 'Horizonte', 'Vale', 'Prime', 'Nova Era', 'Aurora', 'Atlântico', 'Cerrado', 'Serra Azul',
  'Ponto Certo', 'Litoral', 'Pioneira', 'Estrela', 'Ipê', 'Araucária', 'Bandeirantes', 'Guará', 'Pantanal', 'Itaú Verde', 'Sol Nascente'];
const COMPANY_B = ['Energia', 'Tecnologia', 'Serviços', 'Comércio', 'Indústria', 'Educação', 'Saúde', 'Digital',
  'Logística', 'Consultoria', 'Engenharia', 'Distribuidora'];
const COMPANY_FORM = ['Ltda', 'Ltda', 'ME', 'S.A.', 'EIRELI', 'Ltda'];
const AREA_CODES = ['11', '21', '31', '41', '43', '44', '47', '48', '51', '61', '62', '71', '81', '85', '91', '19', '27', '65'];
const OTHER_SEGMENTS = ['Agronegócio', 'Construção civil', 'Varejo de moda', 'Imobiliária', 'Advocacia'];
const CANCEL_REASONS = ['Conflito de agenda', 'Imprevisto pessoal', 'Vou remarcar em outro momento', 'Consultor indisponível'];
const NOTES = ['Pediu proposta por e-mail', 'Retornar no próximo trimestre', 'Quer envolver o sócio na próxima conversa',
  'Já tem agência; avaliando troca', 'Orçamento aprovado para o segundo semestre'];

// The values of src/domain/options.ts, weighted by repetition (small companies ask for quotes more often).
const CARGO = ['ceo-proprietario', 'ceo-proprietario', 'ceo-proprietario', 'diretor-comercial', 'gerente-vendas',
  'coordenador-comercial', 'supervisor-vendas', 'vendedor', 'outro'];
const FATURAMENTO = ['0-50', '50-100', '50-100', '100-500', '100-500', '100-500', '500-1000', '500-1000', '1000-5000', '5000-10000', '10000+'];
const VENDEDORES = ['nenhum', '1-2', '1-2', '3-5', '3-5', '6-10', '11-20', '20+'];
const SEGMENTO = ['energia-solar', 'energia-solar', 'energia-solar', 'prestador-servico-b2b', 'industria-fabrica',
  'ecommerce', 'educacao-cursos', 'saude-estetica', 'tecnologia-saas', 'outro'];
const MODELO = ['b2b', 'b2b', 'b2c', 'hibrido'];

// Ads campaigns, each with its share of the leads (out of 10) and of the met leads it qualifies (%): the
// Números screen should show which one pays. The last touch is the first, except one lead in five who came
// back through the brand search.
const CAMPAIGNS = [
  { touch: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'energia-solar-busca', landing_path: '/' }, tenths: 3, qualified: 70 },
  { touch: { utm_source: 'facebook', utm_medium: 'paid-social', utm_campaign: 'lookalike-empresarios', landing_path: '/' }, tenths: 3, qualified: 45 },
  { touch: { utm_source: 'instagram', utm_medium: 'social', utm_campaign: 'reels-vendas', landing_path: '/orcamento' }, tenths: 2, qualified: 20 },
  { touch: { referrer_host: 'www.google.com', landing_path: '/blog' }, tenths: 1, qualified: 50 },
  { touch: null, tenths: 1, qualified: 50 },
];
const BRAND_SEARCH = { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'marca', landing_path: '/' };
/** The campaign index of a tenth 0..9 (CAMPAIGNS' shares in order). */
const campaignOfTenth = CAMPAIGNS.flatMap((c, k) => Array(c.tenths).fill(k));

const text = (s) => `'${String(s).replace(/'/g, "''")}'`;
const arr = (list) => `array[${list.map(text).join(', ')}]::text[]`;
/** A hash of (row, salt) in [0, mod): uniform enough for demo data, and the same on every run. */
const h = (row, salt, mod) => `((hashint4((${row}) * 31 + ${salt})::bigint + 2147483648) % ${mod})`;
/** An element of `list` chosen by hash. */
const pick = (list, row, salt) => `(${arr(list)})[${h(row, salt, list.length)}::int + 1]`;
/** A fraction in [0, 1) chosen by hash. */
const unit = (row, salt) => `(${h(row, salt, 1_000_000)} / 1000000.0)`;
const ascii = (s) => `translate(lower(${s}), 'áàâãéêíóôõúüç', 'aaaaeeiooouuc')`;

/** CNPJ check digit over `chars` (12 or 13 characters) with the Receita's weights; letters count as ASCII − 48. */
function checkDigit(chars, weights) {
  const sum = `(select sum((ascii(substr(${chars}, k, 1)) - 48) * (array[${weights.join(',')}])[k]) from generate_series(1, ${weights.length}) k)`;
  return `(case when ${sum} % 11 < 2 then 0 else 11 - ${sum} % 11 end)::text`;
}

/**
 * The whole load as one SQL script (run it in one transaction). `leads` rows; meetings are 40% of them.
 * Slots: weekdays from the Monday 23 months back to a month ahead, 18 half-hour slots a day (09:00–17:30,
 * Brasília). Each consultant's meetings take strictly increasing slot positions, so no two of one
 * consultant ever overlap (meetings_no_overlap) whatever N, up to DEMO_MAX_LEADS.
 */
export function demoSeedSql(leads, { policyVersion }) {
  if (!Number.isInteger(leads) || leads < 10 || leads > DEMO_MAX_LEADS) throw new RangeError(`demo leads: 10..${DEMO_MAX_LEADS}`);
  const meetings = Math.floor(leads * 0.4);
  const perConsultant = Math.ceil(meetings / DEMO_CONSULTANTS.length);
  const slotsPerDay = 18;
  return `
insert into presellers (name, email, active)
select c.name, c.email, true from (values ${DEMO_CONSULTANTS.map(([n, e]) => `(${text(n)}, ${text(e)})`).join(', ')}) c (name, email)
on conflict do nothing;

create temp table demo_consultant on commit drop as
select (c.k - 1)::int as k, p.id from unnest(${arr(DEMO_CONSULTANTS.map(([, e]) => e))}) with ordinality c (email, k)
join presellers p on lower(p.email) = c.email;

create temp table demo_window on commit drop as
select w.monday, w.now, ((w.last - w.monday) / 7) * 5 as days
from (select date_trunc('week', (now() at time zone 'America/Sao_Paulo') - interval '23 months')::date as monday,
  ((now() at time zone 'America/Sao_Paulo') + interval '1 month')::date as last, now() as now) w;

-- Slot position of the s-th meeting of a consultant: s·r plus a jitter below r − 1 (r = slots / meetings),
-- which keeps positions strictly increasing.
create temp table demo_meeting on commit drop as
select j, c.id as preseller_id, s.starts_at, s.starts_at + interval '30 minutes' as ends_at,
  least(s.starts_at - interval '1 hour' * (20 + ${h('j', 1, 330)}), w.now - interval '1 minute' * (1 + ${h('j', 2, 2000)})) as created_at
from generate_series(0, ${meetings - 1}) j
cross join demo_window w
join demo_consultant c on c.k = j % ${DEMO_CONSULTANTS.length}
cross join lateral (select floor((j / ${DEMO_CONSULTANTS.length}) * (w.days * ${slotsPerDay}.0 / ${perConsultant})
  + ${unit('j', 3)} * greatest(w.days * ${slotsPerDay}.0 / ${perConsultant} - 1, 0))::int as p) pos
cross join lateral (select (
  (w.monday + (pos.p / ${slotsPerDay} / 5) * 7 + (pos.p / ${slotsPerDay}) % 5) + time '09:00'
  + interval '30 minutes' * ((pos.p % ${slotsPerDay} + c.k * 3) % ${slotsPerDay})) at time zone 'America/Sao_Paulo' as starts_at) s;

create temp table demo_lead on commit drop as
select i, gen_random_uuid() as id,
  coalesce(m.created_at - interval '1 minute' * (3 + ${h('i', 4, 60)}),
    w.now - (w.now - (w.monday::timestamp at time zone 'America/Sao_Paulo')) * ${unit('i', 5)}) as created_at,
  ${pick(FIRST, 'i', 6)} as first, ${pick(LAST, 'i', 7)} as last1, ${pick(LAST, 'i', 8)} as last2,
  ${pick(COMPANY_A, 'i', 9)} || ' ' || ${pick(COMPANY_B, 'i', 10)} || ' ' || ${pick(COMPANY_FORM, 'i', 11)} as empresa,
  -- Mostly numeric CNPJs; one in twenty alphanumeric (the Receita's format from July 2026).
  case when ${h('i', 12, 20)} = 0 then chr(65 + ${h('i', 13, 26)}::int) || chr(65 + ${h('i', 14, 26)}::int) || lpad(${h('i', 15, 1_000_000)}::text, 6, '0')
    else lpad(${h('i', 15, 100_000_000)}::text, 8, '0') end || '0001' as cnpj12,
  ${pick(AREA_CODES, 'i', 16)} || case when ${h('i', 17, 5)} = 0 then (2 + ${h('i', 18, 4)})::text || lpad(${h('i', 19, 10_000_000)}::text, 7, '0')
    else '9' || lpad(${h('i', 19, 100_000_000)}::text, 8, '0') end as telefone,
  ${pick(SEGMENTO, 'i', 20)} as segmento,
  (array[${campaignOfTenth.join(', ')}])[${h('i', 31, 10)}::int + 1] as campaign
from generate_series(1, ${leads}) i
cross join demo_window w
left join demo_meeting m on m.j = i - 1;

insert into leads (id, created_at, idempotency_key, nome, email, telefone, empresa, cnpj, cargo, faturamento, vendedores,
  segmento, outro_segmento, modelo_negocio, origem, consent_at, privacy_policy_version, first_touch, last_touch, servico, routing_kind)
select l.id, l.created_at, '${DEMO_LEAD_KEY}' || l.i, l.first || ' ' || l.last1 || ' ' || l.last2,
  ${ascii('l.first')} || '.' || ${ascii('l.last2')} || l.i || '@example.com.br', l.telefone, l.empresa,
  l.cnpj12 || d.dv1 || ${checkDigit('l.cnpj12 || d.dv1', [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])},
  ${pick(CARGO, 'l.i', 21)}, ${pick(FATURAMENTO, 'l.i', 22)}, ${pick(VENDEDORES, 'l.i', 23)}, l.segmento,
  case when l.segmento = 'outro' then ${pick(OTHER_SEGMENTS, 'l.i', 24)} end, ${pick(MODELO, 'l.i', 25)},
  'demo', l.created_at, ${text(policyVersion)}, t.touch,
  case when t.touch is not null and ${h('l.i', 32, 5)} = 0 then ${text(JSON.stringify(BRAND_SEARCH))}::jsonb else t.touch end,
  case when ${h('l.i - 1', 26, 10)} < 7 then 'consultoria' else 'trafego' end,
  -- One lead in twenty without a meeting was routed to no calendar ("sem reunião por regra").
  case when l.i > ${meetings} and ${h('l.i', 33, 20)} = 0 then 'none' else 'team' end
from demo_lead l
cross join lateral (select (array[${CAMPAIGNS.map((c) => (c.touch ? `${text(JSON.stringify(c.touch))}::jsonb` : 'null::jsonb')).join(', ')}])[l.campaign + 1] as touch) t
cross join lateral (select ${checkDigit('l.cnpj12', [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])} as dv1) d
-- In arrival order, as a live table fills (rows appended as leads come): a list page then reads a few
-- neighbouring heap pages, not one page per row.
order by l.created_at, l.i;

insert into meetings (lead_id, preseller_id, starts_at, ends_at, service, diagnostic_score, status, idempotency_key,
  created_at, time_set_at, lead_time_zone, booked_at)
select l.id, m.preseller_id, m.starts_at, m.ends_at, case when ${h('m.j', 26, 10)} < 7 then 'consultoria' else 'trafego' end,
  ${h('m.j', 27, 101)}, 'scheduled', '${DEMO_MEETING_KEY}' || m.j, m.created_at, m.created_at, 'America/Sao_Paulo', m.created_at
from demo_meeting m join demo_lead l on l.i = m.j + 1
order by m.created_at, m.j;

-- Cancelled as the application cancels (an update), so the history trigger records it.
update meetings m set status = 'cancelled', sequence = m.sequence + 1,
  cancelled_at = least(m.created_at + (m.starts_at - m.created_at) * ${unit('d.j', 28)}, d.now),
  cancelled_by = case when ${h('d.j', 29, 4)} = 0 then 'consultant' else 'lead' end,
  cancel_reason = case when ${h('d.j', 30, 3)} = 0 then null else ${pick(CANCEL_REASONS, 'd.j', 0)} end
from (select dm.j, '${DEMO_MEETING_KEY}' || dm.j as key, w.now from demo_meeting dm cross join demo_window w
  where ${h('dm.j', 11, 100)} < 8) d
where m.idempotency_key = d.key;

insert into meeting_outcomes (meeting_id, attendance, qualified, note, recorded_by, recorded_at)
select m.id, a.attendance,
  case when a.attendance = 'attended' then ${h('o.j', 5, 100)} < (array[${CAMPAIGNS.map((c) => c.qualified).join(', ')}])[dl.campaign + 1] end,
  case when a.attendance = 'attended' and ${h('o.j', 6, 3)} = 0 then ${pick(NOTES, 'o.j', 7)} end,
  p.email, least(m.ends_at + interval '1 minute' * (5 + ${h('o.j', 8, 2880)}), w.now)
from demo_meeting o cross join demo_window w
join demo_lead dl on dl.i = o.j + 1
join meetings m on m.idempotency_key = '${DEMO_MEETING_KEY}' || o.j
join presellers p on p.id = m.preseller_id
cross join lateral (select case when ${h('o.j', 9, 100)} < 75 then 'attended' when ${h('o.j', 9, 100)} < 95 then 'lead_no_show'
  else 'consultant_no_show' end as attendance) a
where m.status = 'scheduled' and m.ends_at <= w.now and ${h('o.j', 10, 100)} < 85;

-- Negociações: about half of the qualified meetings get a proposal a few hours after the meeting, by its
-- consultant; consultoria a one-off value, tráfego pago a monthly retainer for 6 or 12 months. Some are won
-- or lost days later (never after now), the rest still open. One log row each, as the console writes them.
create temp table demo_deal on commit drop as
select o.meeting_id, m.lead_id, m.preseller_id, p.email, m.service, k.j,
  least(m.ends_at + interval '1 hour' * (2 + ${h('k.j', 40, 40)}), w.now) as created_at,
  case when ${h('k.j', 41, 100)} < 35 then 'ganho' when ${h('k.j', 41, 100)} < 60 then 'perdido'
    when ${h('k.j', 41, 100)} < 80 then 'em_negociacao' else 'proposta_enviada' end as stage
from meeting_outcomes o join meetings m on m.id = o.meeting_id join presellers p on p.id = m.preseller_id
cross join demo_window w
cross join lateral (select substr(m.idempotency_key, ${DEMO_MEETING_KEY.length + 1})::int as j) k
where m.idempotency_key like '${DEMO_MEETING_KEY}%' and o.attendance = 'attended' and o.qualified and ${h('k.j', 42, 100)} < 55;

insert into deals (lead_id, created_by, preseller_id, stage, value_cents, billing, months, lost_reason, won_at, lost_at, created_at, updated_at)
select d.lead_id, d.email, d.preseller_id, d.stage,
  case when d.service = 'trafego' then (200 + ${h('d.j', 43, 40)} * 10) * 1000 else (800 + ${h('d.j', 44, 320)} * 10) * 1000 end,
  case when d.service = 'trafego' then 'mensal' else 'avulso' end,
  case when d.service = 'trafego' then (array[6, 12])[${h('d.j', 45, 2)}::int + 1] end,
  case when d.stage = 'perdido' then (array['preco', 'timing', 'concorrente', 'sem_orcamento', 'sem_resposta'])[${h('d.j', 46, 5)}::int + 1] end,
  case when d.stage = 'ganho' then c.closed end, case when d.stage = 'perdido' then c.closed end,
  d.created_at, greatest(d.created_at, coalesce(case when d.stage in ('ganho', 'perdido') then c.closed end, d.created_at))
from demo_deal d cross join demo_window w
cross join lateral (select least(d.created_at + interval '1 day' * (1 + ${h('d.j', 47, 30)}), w.now) as closed) c
order by d.created_at;

insert into deal_stage_log (deal_id, actor, at, from_stage, to_stage, from_value_cents, to_value_cents, from_billing, to_billing, from_months, to_months, lost_reason)
select x.id, x.created_by, x.updated_at, null, x.stage, null, x.value_cents, null, x.billing, null, x.months, x.lost_reason
from deals x join meetings m on m.lead_id = x.lead_id where m.idempotency_key like '${DEMO_MEETING_KEY}%';

-- Spend, as if the mentor imported one export per platform covering the whole window: a daily amount per
-- campaign (weekends half), each platform campaign mapped to the utm value its ads carry —
-- one renamed on the platform, mapped to its old value, and one (remarketing) left unmapped.
insert into spend_imports (id, platform, file_name, file_sha256, row_count, first_day, last_day, total_cents, imported_by, imported_at)
select gen_random_uuid(), x.platform, x.file, encode(sha256(convert_to(x.file, 'UTF8')), 'hex'), 1, w.monday, (w.now at time zone 'America/Sao_Paulo')::date, 0,
  'demonstração', w.now
from (values ('google', 'demo-google-ads.csv'), ('meta', 'demo-meta-ads.csv')) x (platform, file) cross join demo_window w;

create temp table demo_spend on commit drop as
select i.id as import_id, c.platform, c.campaign, d::date as day,
  -- Scaled to the demo's size: about R$ 1 of spend for every R$ 4–6 the demo's deals win.
  (c.daily * (${leads} / 5000.0) * (case when extract(isodow from d) > 5 then 0.5 else 1 end) * (0.6 + ${unit(`(extract(epoch from d)::bigint / 86400)::int + c.k * 1000`, 48)} * 0.8))::bigint as spend_cents
from (values ('google', 'Energia Solar | Pesquisa', 42000, 1), ('google', 'Marca', 6000, 2), ('meta', 'Lookalike Empresários', 38000, 3),
  ('meta', 'Reels Vendas 2025', 21000, 4), ('meta', 'Reels Vendas', 24000, 5), ('meta', 'Remarketing Geral', 9000, 6)) c (platform, campaign, daily, k)
join spend_imports i on i.file_name = 'demo-' || c.platform || '-ads.csv'
cross join demo_window w
cross join generate_series(w.monday::timestamp, (w.now at time zone 'America/Sao_Paulo')::date::timestamp, interval '1 day') d
where case c.campaign when 'Reels Vendas 2025' then d < (w.now at time zone 'America/Sao_Paulo') - interval '6 months'
  when 'Reels Vendas' then d >= (w.now at time zone 'America/Sao_Paulo') - interval '6 months' else true end;

insert into ad_spend_rows (import_id, platform, campaign, day, spend_cents) select import_id, platform, campaign, day, spend_cents from demo_spend;
insert into ad_spend (platform, campaign, day, spend_cents, import_id) select platform, campaign, day, spend_cents, import_id from demo_spend;
update spend_imports i set row_count = s.n, total_cents = s.total, first_day = s.first, last_day = s.last
from (select import_id, count(*)::int as n, sum(spend_cents)::bigint as total, min(day) as first, max(day) as last from demo_spend group by import_id) s
where s.import_id = i.id;
insert into campaign_map (platform, campaign, utm_campaign, updated_by, updated_at)
select c.platform, c.campaign, c.utm, 'demonstração', w.now
from (values ('google', 'Energia Solar | Pesquisa', 'energia-solar-busca'), ('google', 'Marca', 'marca'),
  ('meta', 'Lookalike Empresários', 'lookalike-empresarios'), ('meta', 'Reels Vendas 2025', 'reels-vendas'),
  ('meta', 'Reels Vendas', 'reels-vendas')) c (platform, campaign, utm) cross join demo_window w;

-- PGlite has no autovacuum: without fresh statistics the lists would be planned for empty tables.
analyze leads, meetings, meeting_outcomes, meeting_events, lead_persons, lead_person_ids, meeting_latest_outcomes, deals, ad_spend,
  numbers_daily, consultant_daily;
`;
}

/**
 * Loads the demo data on `client` (an SqlClient, functions/lib/store/client.ts) in one transaction.
 * 'exists' without touching anything when demo leads are there already.
 */
export async function seedDemo(client, leads, { policyVersion }) {
  const sql = demoSeedSql(leads, { policyVersion });
  const [found] = await client.query(`select exists (select 1 from leads where idempotency_key like '${DEMO_LEAD_KEY}%') as found`);
  if (found.found) return { status: 'exists' };
  await client.transaction((tx) => tx.exec(sql));
  // Números' facts (lead_person_ids, meeting_latest_outcomes, the per-day totals) and the persons
  // (lead_persons) are written more than once per row by a bulk load (made, then filled or moved by the
  // statements' triggers): their pages hold dead rows, and their index-only scans visit the table, until a
  // vacuum, which PGlite never runs by itself and PostgreSQL's autovacuum runs a minute or so later (the
  // state every later reading sees). Outside the transaction.
  await client.exec('vacuum analyze lead_person_ids, meeting_latest_outcomes, lead_persons, numbers_daily, consultant_daily, meetings, leads');
  const [counts] = await client.query(`select
    (select count(*)::int from leads where idempotency_key like '${DEMO_LEAD_KEY}%') as leads,
    (select count(*)::int from meetings where idempotency_key like '${DEMO_MEETING_KEY}%') as meetings`);
  return { status: 'seeded', ...counts };
}
