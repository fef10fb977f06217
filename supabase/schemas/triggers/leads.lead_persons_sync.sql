CREATE TRIGGER lead_persons_sync AFTER INSERT OR DELETE OR UPDATE OF email, created_at, nome, empresa, cnpj, telefone ON public.leads FOR EACH ROW EXECUTE FUNCTION lead_persons_sync();
