CREATE TRIGGER consultant_daily_gone AFTER DELETE ON public.meetings REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION consultant_daily_rows();
