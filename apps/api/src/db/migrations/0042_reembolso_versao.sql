-- Issue 31, "Who is on it", for reimbursements (decision 0055, amended): a reimbursement request
-- is one protocol (reembolsos.protocolo references protocolos), so it has that protocol's owner,
-- presence and version. Most of its changes already move the version (each one updates its
-- protocol and adds a history line); this trigger moves it on any change of the request itself
-- too (an approval awaiting a supervisor's confirmation touches only reembolsos), so the console
-- refuses an action written against a screen that no longer shows the request as it is.
create or replace function reembolsos_nova_versao() returns trigger language plpgsql as $$
begin
  update protocolos set versao = versao + 1 where numero = new.protocolo;
  return null;
end $$;
create trigger reembolsos_versao after update on reembolsos
  for each row execute function reembolsos_nova_versao();
