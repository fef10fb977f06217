CREATE TRIGGER lead_person_ids_numbers AFTER INSERT OR DELETE OR UPDATE OF identity ON public.lead_person_ids FOR EACH ROW EXECUTE FUNCTION lead_person_ids_numbers();
