-- Phones from abroad (issue 22): leads.telefone holds a Brazilian number as its 10 or 11 digits, as
-- before, or an international one in E.164: '+', a country code other than 55 (a +55 number is stored
-- as Brazilian digits), 8 to 15 digits in all, the first not 0. The rule's home is src/domain/phone.ts;
-- this check is the database's last line of defence.
alter table public.leads drop constraint if exists leads_telefone_check;
alter table public.leads add constraint leads_telefone_check
  check (telefone ~ '^([0-9]{10,11}|\+[1-9][0-9]{7,14})$' and telefone !~ '^\+55');
