-- Finance (issue 6): each contract's monthly installments (mensalidades) with their composition,
-- and the co-participation charged per beneficiary and competence. An installment is open while
-- pago_em is null. The boleto of an open installment is computed from banco + campo_livre + due
-- date + amount (FEBRABAN), so nothing derived is stored twice.
create table mensalidades (
  codigo_mensalidade text primary key check (codigo_mensalidade ~ '^[0-9]{1,20}$'),
  codigo_contrato    text not null references contratos,
  -- First day of the month the installment pays for.
  competencia        date not null check (extract(day from competencia) = 1),
  vencimento         date not null,
  valor_centavos     bigint not null check (valor_centavos > 0),
  pago_em            date,
  -- COMPE code of the collecting bank and the 25-digit free field its layout defines.
  banco              char(3) not null check (banco ~ '^[0-9]{3}$'),
  campo_livre        char(25) not null check (campo_livre ~ '^[0-9]{25}$'),
  unique (codigo_contrato, competencia)
);
create index mensalidades_contrato_idx on mensalidades (codigo_contrato, competencia desc);

-- What an installment charges: each beneficiary's monthly fee and the co-participation of the
-- competence. The receipt and the IRPF informe read it; the installment's valor is their sum.
create table mensalidade_itens (
  codigo_mensalidade  text not null references mensalidades on delete cascade,
  ordem               int not null,
  codigo_beneficiario text not null references beneficiarios,
  tipo                text not null check (tipo in ('MENSALIDADE', 'COPARTICIPACAO')),
  descricao           text not null,
  valor_centavos      bigint not null check (valor_centavos >= 0),
  primary key (codigo_mensalidade, ordem)
);
create index mensalidade_itens_beneficiario_idx on mensalidade_itens (codigo_beneficiario);

-- Co-participation (docs/produto/informacoes.md, "Limits" table): one row per service used, charged in its competence.
create table coparticipacoes (
  id                  bigserial primary key,
  codigo_beneficiario text not null references beneficiarios,
  competencia         date not null check (extract(day from competencia) = 1),
  data_atendimento    date not null,
  descricao           text not null,
  prestador           text not null,
  valor_centavos      bigint not null check (valor_centavos >= 0)
);
create index coparticipacoes_beneficiario_idx on coparticipacoes (codigo_beneficiario, competencia);
