-- Ad spend, imported from the platforms' own CSV exports (Google Ads, Meta Ads Manager), and the map from a
-- platform's campaign name to the utm_campaign value the leads carry. Money is integer cents (BRL only: the
-- import refuses any other currency, src/domain/spend/import.ts).
--
-- Every import keeps its own rows (ad_spend_rows). What counts for a (platform, campaign, day) is the row of
-- the newest import not undone that has it (ad_spend, kept by the import and undo functions): a re-export of
-- a period replaces those days, and undoing it brings back what the import before it said — nothing is
-- summed twice and nothing is lost by an undo.

create table public.spend_imports (
  id uuid primary key default gen_random_uuid(),
  platform text not null check (platform in ('google', 'meta')),
  file_name text not null check (char_length(file_name) between 1 and 200),
  -- The same file twice changes nothing: one live import per file content.
  file_sha256 text not null check (file_sha256 ~ '^[0-9a-f]{64}$'),
  row_count integer not null check (row_count between 1 and 50000),
  first_day date not null,
  last_day date not null,
  total_cents bigint not null check (total_cents >= 0),
  imported_by text not null check (char_length(imported_by) between 1 and 320),
  imported_at timestamptz not null,
  undone_by text check (char_length(undone_by) between 1 and 320),
  undone_at timestamptz,
  constraint spend_imports_period check (last_day >= first_day),
  constraint spend_imports_undone check ((undone_at is null) = (undone_by is null))
);
create unique index spend_imports_live_file_idx on public.spend_imports (file_sha256) where undone_at is null;
create index spend_imports_recent_idx on public.spend_imports (imported_at desc);
alter table public.spend_imports enable row level security;

create table public.ad_spend_rows (
  import_id uuid not null references public.spend_imports (id) on delete cascade,
  platform text not null check (platform in ('google', 'meta')),
  campaign text not null check (char_length(campaign) between 1 and 200),
  day date not null,
  spend_cents bigint not null check (spend_cents between 0 and 1000000000),
  primary key (import_id, platform, campaign, day)
);
create index ad_spend_rows_key_idx on public.ad_spend_rows (platform, campaign, day);
alter table public.ad_spend_rows enable row level security;

-- The spend in force per (platform, campaign, day): what Números sums.
create table public.ad_spend (
  platform text not null check (platform in ('google', 'meta')),
  campaign text not null check (char_length(campaign) between 1 and 200),
  day date not null,
  spend_cents bigint not null check (spend_cents between 0 and 1000000000),
  import_id uuid not null references public.spend_imports (id),
  primary key (platform, campaign, day)
);
create index ad_spend_day_idx on public.ad_spend (day);
alter table public.ad_spend enable row level security;

-- A platform campaign counts for one utm_campaign value (a renamed campaign points at its old value); a utm
-- value may gather several platform campaigns. Spend of a campaign without a row here is shown as "gasto
-- sem campanha mapeada", never dropped.
create table public.campaign_map (
  platform text not null check (platform in ('google', 'meta')),
  campaign text not null check (char_length(campaign) between 1 and 200),
  utm_campaign text not null check (char_length(utm_campaign) between 1 and 200),
  updated_by text not null check (char_length(updated_by) between 1 and 320),
  updated_at timestamptz not null,
  primary key (platform, campaign)
);
create index campaign_map_utm_idx on public.campaign_map (utm_campaign);
alter table public.campaign_map enable row level security;
