CREATE TRIGGER consultant_daily_changed AFTER UPDATE OF status, preseller_id, booked_at, starts_at ON public.meetings FOR EACH ROW EXECUTE FUNCTION consultant_daily_sync();
