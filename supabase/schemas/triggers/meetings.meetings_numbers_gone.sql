CREATE TRIGGER meetings_numbers_gone AFTER DELETE ON public.meetings REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION meetings_numbers_rows();
