-- Metrics (issue 32, decision 0051): the dead letters are counted at each scrape interval; the
-- deliveries table is never pruned, so the count reads this small index instead of the table.
create index webhook_entregas_falhas on webhook_entregas (id) where situacao = 'falhou';
