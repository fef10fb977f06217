CREATE TRIGGER meetings_numbers_added AFTER INSERT ON public.meetings REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION meetings_numbers_rows();
