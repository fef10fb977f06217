CREATE TRIGGER numbers_daily_changed AFTER UPDATE ON public.lead_person_ids REFERENCING OLD TABLE AS gone NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION numbers_daily_sync();
