-- Leads, pre-sales consultants, their time off, meetings and the mail outbox.
-- Check constraints mirror src/domain/options.ts; keep both in sync.

-- btree_gist lets the exclusion constraint below combine "same consultant" (=) with "overlapping time" (&&).
-- It ships with Supabase and with PGlite (@electric-sql/pglite/contrib/btree_gist).
create extension if not exists btree_gist;

create table public.leads (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  idempotency_key text not null unique check (char_length(idempotency_key) between 8 and 100),
  nome text not null check (char_length(nome) >= 2),
  email text not null check (position('@' in email) > 1),
  telefone text not null check (telefone ~ '^[0-9]{10,11}$'),
  empresa text not null check (char_length(empresa) >= 2),
  cnpj text not null check (cnpj ~ '^[0-9A-Z]{12}[0-9]{2}$'),
  cargo text not null check (cargo in ('ceo-proprietario', 'diretor-comercial', 'gerente-vendas',
    'coordenador-comercial', 'supervisor-vendas', 'vendedor', 'outro')),
  faturamento text not null check (faturamento in ('0-50', '50-100', '100-500', '500-1000', '1000-5000',
    '5000-10000', '10000+')),
  vendedores text not null check (vendedores in ('nenhum', '1-2', '3-5', '6-10', '11-20', '20+')),
  segmento text not null check (segmento in ('energia-solar', 'prestador-servico-b2b', 'industria-fabrica',
    'ecommerce', 'educacao-cursos', 'saude-estetica', 'tecnologia-saas', 'outro')),
  outro_segmento text check (outro_segmento is null or char_length(outro_segmento) >= 1),
  modelo_negocio text not null check (modelo_negocio in ('b2b', 'b2c', 'hibrido')),
  origem text not null,
  constraint leads_outro_segmento check ((segmento = 'outro') = (outro_segmento is not null))
);
-- A returning lead (same email or CNPJ) keeps its consultant.
create index leads_email_idx on public.leads (lower(email));
create index leads_cnpj_idx on public.leads (cnpj);

create table public.presellers (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) >= 2),
  email text not null check (position('@' in email) > 1),
  active boolean not null default true,
  created_at timestamptz not null default now()
);

create table public.preseller_time_off (
  id uuid primary key default gen_random_uuid(),
  preseller_id uuid not null references public.presellers (id) on delete cascade,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  reason text,
  constraint preseller_time_off_range check (ends_at > starts_at)
);
create index preseller_time_off_range_idx on public.preseller_time_off (starts_at, ends_at);

create table public.meetings (
  id uuid primary key default gen_random_uuid(),
  lead_id uuid not null references public.leads (id) on delete cascade,
  preseller_id uuid not null references public.presellers (id),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  service text not null check (service in ('consultoria', 'trafego')),
  diagnostic_score integer not null check (diagnostic_score between 0 and 100),
  status text not null default 'scheduled' check (status in ('scheduled', 'cancelled')),
  idempotency_key text not null unique check (char_length(idempotency_key) between 8 and 100),
  created_at timestamptz not null default now(),
  constraint meetings_range check (ends_at > starts_at),
  -- Two scheduled meetings of one consultant can never overlap, whatever the slot length or the race.
  constraint meetings_no_overlap exclude using gist (preseller_id with =, tstzrange(starts_at, ends_at, '[)') with &&)
    where (status = 'scheduled')
);
create index meetings_starts_at_idx on public.meetings (starts_at) where status = 'scheduled';
create index meetings_lead_idx on public.meetings (lead_id);

-- Messages are written here in the same transaction as the lead or meeting, then sent; a failed send
-- stays here with a later next_attempt_at, so a mail outage never loses or blocks a booking.
create table public.outbox (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  kind text not null,
  message jsonb not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  sent_at timestamptz,
  last_error text
);
create index outbox_due_idx on public.outbox (next_attempt_at) where sent_at is null;

-- Row-level security everywhere and no policy at all: the public anon key reads and writes nothing.
-- The functions use the service role (or, embedded, the owner), which bypasses RLS.
alter table public.leads enable row level security;
alter table public.presellers enable row level security;
alter table public.preseller_time_off enable row level security;
alter table public.meetings enable row level security;
alter table public.outbox enable row level security;
