-- Issue 8 ('Meus Protocolos', cancellation, LGPD self-service): every protocol keeps its history,
-- and three more kinds of request get protocols.

alter table protocolos drop constraint protocolos_tipo_check;
alter table protocolos add constraint protocolos_tipo_check check (tipo in (
  'INCLUSAO_DEPENDENTE', 'CONTATO_COMERCIAL', 'CONTRATACAO_SOS', 'CONTRATACAO_ORTOPEDICO',
  'INSCRICAO_MEDICINA_PREVENTIVA', 'AVALIACAO_ATENDIMENTO', 'CONSENTIMENTO_CLUBE',
  'CANCELAMENTO_CONTRATO', 'CANCELAMENTO_DEPENDENTES', 'CORRECAO_DADOS', 'REVOGACAO_CONSENTIMENTO'));

-- What happened to a protocol, oldest first: registered, under analysis, answered. Written in the
-- same transaction as the change it records.
create table protocolo_eventos (
  id        bigserial primary key,
  numero    char(20) not null references protocolos,
  em        timestamptz not null,
  situacao  text not null check (situacao in ('ABERTO', 'EM_ANALISE', 'CONCLUIDO', 'CANCELADO')),
  descricao text not null check (char_length(descricao) between 1 and 2000)
);
create index protocolo_eventos_numero_idx on protocolo_eventos (numero, em, id);

-- Protocols given before this migration get the history they would have had.
insert into protocolo_eventos (numero, em, situacao, descricao)
  select numero, criado_em, 'ABERTO', 'Solicitação registrada pelo portal.' from protocolos;
insert into protocolo_eventos (numero, em, situacao, descricao)
  select numero, respondido_em, situacao, coalesce(resposta, 'Solicitação concluída.')
  from protocolos where respondido_em is not null;
