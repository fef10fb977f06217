CREATE TRIGGER meeting_outcomes_numbers_added AFTER INSERT ON public.meeting_outcomes REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION meeting_outcomes_numbers_rows();
