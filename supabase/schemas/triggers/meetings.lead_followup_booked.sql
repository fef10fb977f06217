CREATE TRIGGER lead_followup_booked AFTER INSERT ON public.meetings FOR EACH ROW EXECUTE FUNCTION lead_followup_booked();
