CREATE TRIGGER numbers_daily_added AFTER INSERT ON public.lead_person_ids REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION numbers_daily_sync();
