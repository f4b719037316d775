-- Issue 17 (decisions 0029 and 0030): webhook endpoints through the integration API carry an optional
-- description the operator chooses (which of its systems listens there), shown when they are listed.
alter table webhook_endpoints add column descricao text check (length(descricao) between 1 and 200);
