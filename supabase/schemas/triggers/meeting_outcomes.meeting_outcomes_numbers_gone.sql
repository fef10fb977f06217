CREATE TRIGGER meeting_outcomes_numbers_gone AFTER DELETE ON public.meeting_outcomes REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION meeting_outcomes_numbers_rows();
