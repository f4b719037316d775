import { formatDate, maskEmail } from '@portal/br';
import {
  agruparNumerosDeProtocolo,
  type ContextoDoMembro,
  type SituacaoProtocolo,
  type SituacaoReembolso,
  type TipoProtocolo,
  type TipoReembolso,
} from '@portal/contract';
import type { Queryable } from '../../db/db';
import { EquipeRepository } from './repository';

/**
 * The member at a glance beside a case (issue 31, decision 0057): the contract, its beneficiaries,
 * its earlier protocols and reimbursements, the notices sent to its people and its unpaid invoices.
 * Every query takes the case's contract and puts it in its SQL: nothing of another contract can be
 * read from here. Read-only; the caller audits it with the case read, saying what was shown.
 */

const LIMITE = 10;
const MENSALIDADES = 12;
const iso = (d: Date | string) => new Date(d).toISOString();
const mascararCpf = (cpf: string) => `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;

/** A mobile as the console lists it: the area code and the last four digits, whatever its length. */
export function mascararCelular(celular: string): string {
  const d = celular.replace(/\D/g, '');
  return d.length < 6 ? '****' : `(${d.slice(0, 2)}) *****-${d.slice(-4)}`;
}

export class CasoRepository {
  constructor(private readonly q: Queryable) {}

  reembolsosAnteriores(codigoContrato: string, exceto: string) {
    return this.q.query<{
      protocolo: string;
      tipo: TipoReembolso;
      beneficiario: string;
      valorPagoCentavos: number;
      situacao: SituacaoReembolso;
      criadoEm: Date;
    }>(
      `select r.protocolo, r.tipo, pe.nome as beneficiario, r.valor_pago_centavos as "valorPagoCentavos",
         r.situacao, r.criado_em as "criadoEm"
       from reembolsos r
       join beneficiarios b on b.codigo_beneficiario = r.codigo_beneficiario
       join pessoas pe on pe.cpf = b.cpf
       where r.codigo_contrato = $1 and r.protocolo <> $2
       order by r.criado_em desc, r.protocolo desc limit ${LIMITE}`,
      [codigoContrato, exceto],
    );
  }

  /**
   * The messages sent to the e-mails and mobiles on file of the contract's beneficiaries (the
   * outbox keeps the address, not the person: as the privacy export finds them). Never the text:
   * the subject, and for a message that carried a code not even that.
   */
  avisos(codigoContrato: string) {
    return this.q.query<{
      canal: 'sms' | 'email';
      destino: string;
      assunto: string | null;
      sigiloso: boolean;
      criadoEm: Date;
      enviadoEm: Date | null;
      erro: string | null;
    }>(
      `select o.canal, o.destino, o.assunto, o.sigiloso, o.criado_em as "criadoEm", o.enviado_em as "enviadoEm",
         o.erro
       from outbox o
       where exists (
         select 1 from beneficiarios b join pessoas pe on pe.cpf = b.cpf
         where b.codigo_contrato = $1
           and ((o.canal = 'email' and o.destino = pe.email) or (o.canal = 'sms' and o.destino = pe.celular)))
       order by o.criado_em desc, o.id desc limit ${LIMITE}`,
      [codigoContrato],
    );
  }

  mensalidadesEmAberto(codigoContrato: string) {
    return this.q.query<{ competencia: string; vencimento: string; valorCentavos: string | number }>(
      `select competencia::text as competencia, vencimento::text as vencimento, valor_centavos as "valorCentavos"
       from mensalidades where codigo_contrato = $1 and pago_em is null
       order by vencimento, competencia limit ${MENSALIDADES}`,
      [codigoContrato],
    );
  }
}

/**
 * What the console lists for a notice: the subject, or only that a code went out. Protocol numbers
 * grouped as everywhere else, notices sent before the subjects were grouped included.
 */
export function assuntoDoAviso(a: { assunto: string | null; sigiloso: boolean }): string {
  if (a.sigiloso) return 'Código de verificação (oculto)';
  return a.assunto === null ? 'Aviso (assunto não registrado)' : agruparNumerosDeProtocolo(a.assunto);
}

/** The member at a glance for the case `exceto` (a protocol or reimbursement number) of `codigoContrato`. */
export async function contextoDoMembro(
  q: Queryable,
  codigoContrato: string,
  exceto: string,
  hoje: string,
): Promise<ContextoDoMembro> {
  const repo = new EquipeRepository(q);
  const caso = new CasoRepository(q);
  const [contrato, beneficiarios, anteriores, reembolsos, avisos, mensalidades] = await Promise.all([
    repo.contrato(codigoContrato),
    repo.beneficiarios(codigoContrato),
    repo.protocolosAnteriores(codigoContrato, exceto),
    caso.reembolsosAnteriores(codigoContrato, exceto),
    caso.avisos(codigoContrato),
    caso.mensalidadesEmAberto(codigoContrato),
  ]);
  return {
    contrato: {
      codigo: codigoContrato,
      plano: contrato?.plano ?? '',
      situacao:
        contrato?.dataCancelamento && contrato.dataCancelamento <= hoje
          ? `Cancelado em ${formatDate(contrato.dataCancelamento)}`
          : 'Ativo',
    },
    beneficiarios: beneficiarios.map((b) => ({
      nome: b.nome,
      codigo: b.codigo,
      parentesco: b.tipo === 'TITULAR' ? 'Titular' : (b.parentesco ?? 'Dependente'),
      situacao: b.ativo ? 'Ativo' : b.dataExclusao ? `Excluído em ${formatDate(b.dataExclusao)}` : 'Inativo',
      cpf: mascararCpf(b.cpf),
    })),
    protocolosAnteriores: anteriores.map((a) => ({
      protocolo: a.numero.trim(),
      tipo: a.tipo as TipoProtocolo,
      assunto: a.assunto,
      situacao: a.situacao as SituacaoProtocolo,
      criadoEm: iso(a.criadoEm),
    })),
    reembolsosAnteriores: reembolsos.map((r) => ({
      protocolo: r.protocolo.trim(),
      tipo: r.tipo,
      beneficiario: r.beneficiario,
      valorPago: r.valorPagoCentavos / 100,
      situacao: r.situacao,
      criadoEm: iso(r.criadoEm),
    })),
    avisos: avisos.map((a) => ({
      canal: a.canal,
      em: iso(a.criadoEm),
      assunto: assuntoDoAviso(a),
      destino: a.canal === 'email' ? maskEmail(a.destino) : mascararCelular(a.destino),
      entrega: a.enviadoEm ? 'enviado' : a.erro ? 'falhou' : 'na_fila',
    })),
    mensalidadesEmAberto: mensalidades.map((m) => ({
      competencia: m.competencia,
      vencimento: m.vencimento,
      valor: Number(m.valorCentavos) / 100,
      situacao: m.vencimento < hoje ? 'vencida' : 'em_aberto',
    })),
  };
}
