CREATE TRIGGER consultant_daily_added AFTER INSERT ON public.meetings REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION consultant_daily_rows();
