-- Issue 31, "one vocabulary": a reimbursement request is one protocol (decision 0055), but the
-- protocol's four statuses (ABERTO, EM_ANALISE, CONCLUIDO, CANCELADO) cannot say 'aprovado',
-- 'pendente', 'pago' or 'negado', so 'Meus protocolos', the protocol's history and the console's
-- queue read 'Em análise' after an approval and 'Concluído' after a payment or a denial, while the
-- request's own screen said 'Aprovado', 'Pago', 'Negado'. The protocol row and each line of its
-- history now carry the request's step as well, written by ReembolsoRepository in the transaction
-- of the request's change; null for every other kind of protocol. `situacao` keeps its meaning
-- (open or answered: RN 623 deadlines, the queue's filters, the integration API).

alter table protocolos
  add column situacao_reembolso text
    check (situacao_reembolso in ('recebido', 'em_analise', 'pendente', 'aprovado', 'pago', 'negado'));
alter table protocolo_eventos
  add column situacao_reembolso text
    check (situacao_reembolso in ('recebido', 'em_analise', 'pendente', 'aprovado', 'pago', 'negado'));

-- The requests sent before this: the row from the request, each history line from the request's
-- own line written in the same transaction (same instant); the opening line is 'recebido'.
update protocolos p set situacao_reembolso = r.situacao from reembolsos r where r.protocolo = p.numero;
update protocolo_eventos e set situacao_reembolso = coalesce(
    (select re.situacao from reembolso_eventos re
      where re.protocolo = e.numero and re.em = e.em order by re.id desc limit 1),
    case when e.situacao = 'ABERTO' then 'recebido' end)
  where e.numero in (select protocolo from reembolsos);
