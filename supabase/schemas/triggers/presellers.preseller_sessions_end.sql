CREATE TRIGGER preseller_sessions_end AFTER UPDATE OF active ON public.presellers FOR EACH ROW EXECUTE FUNCTION preseller_sessions_end();
