CREATE TRIGGER numbers_daily_gone AFTER DELETE ON public.lead_person_ids REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION numbers_daily_sync();
