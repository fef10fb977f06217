-- Demo pre-sales consultants (fixed ids so tests and re-runs are stable). Replace with the real team.
insert into public.presellers (id, name, email, active) values
  ('0b6f3b1e-4d0c-4c61-9a51-0f6b0a1c0001', 'Ana Souza', 'ana.souza@consultores.example.com', true),
  ('0b6f3b1e-4d0c-4c61-9a51-0f6b0a1c0002', 'Bruno Almeida', 'bruno.almeida@consultores.example.com', true),
  ('0b6f3b1e-4d0c-4c61-9a51-0f6b0a1c0003', 'Carla Mendes', 'carla.mendes@consultores.example.com', true)
on conflict (id) do nothing;
