import { formatCpf, onlyDigits, somarDias } from '@portal/br';
import {
  CONSELHOS,
  LIMITES_REEMBOLSO,
  ROTULOS_TIPO_REEMBOLSO,
  type SolicitarReembolsoRequest,
  solicitarReembolsoRequestSchema,
  TIPOS_COM_PEDIDO_MEDICO,
  type TipoReembolso,
  UFS,
  type UltimoPagamentoResponse,
} from '@portal/contract';
import type { ReactNode } from 'react';
import { hojeEmSaoPaulo, reaisDaMascara } from './formatos';
import type { Anexos } from './use-anexos';

/**
 * The reimbursement form's state and rules, without markup: what each field holds, the request
 * built from it, the form's own checks and the payment data it starts with (issue 31).
 */

export type FormaPagamento = 'pix' | 'conta';
export type TipoChave = 'cpf' | 'email' | 'celular' | 'aleatoria';

export interface Campos {
  cpfBeneficiario: string;
  tipo: TipoReembolso | '';
  codigoTuss: string;
  dataAtendimento: string;
  documento: string;
  nome: string;
  conselho: string;
  numeroConselho: string;
  ufConselho: string;
  valor: string;
  numeroRecibo: string;
  forma: FormaPagamento;
  tipoChave: TipoChave;
  chave: string;
  banco: string;
  agencia: string;
  conta: string;
  tipoConta: 'corrente' | 'poupanca' | '';
}

/**
 * What a section of the form receives: the fields, their setter and the errors of the last check
 * (empty before the first 'Ver prévia'). The page owns the state; the sections only read and set it.
 */
export interface Formulario {
  c: Campos;
  set: <K extends keyof Campos>(k: K, v: Campos[K]) => void;
  erros: Record<string, string>;
  /** The 'Title. message' pair under a field (decision 0031), or undefined when it is right. */
  erro: (campo: string) => ReactNode;
}

export const VAZIO: Omit<Campos, 'cpfBeneficiario'> = {
  tipo: '',
  codigoTuss: '',
  dataAtendimento: '',
  documento: '',
  nome: '',
  conselho: '',
  numeroConselho: '',
  ufConselho: '',
  valor: '',
  numeroRecibo: '',
  forma: 'pix',
  tipoChave: 'cpf',
  chave: '',
  banco: '',
  agencia: '',
  conta: '',
  tipoConta: '',
};

export type Corpo = Omit<SolicitarReembolsoRequest, 'perfilAutenticado'>;

export function montarCorpo(c: Campos, anexos: string[]): Corpo {
  const doc = onlyDigits(c.documento);
  const profissional = doc.length === 11;
  return {
    cpfBeneficiario: c.cpfBeneficiario,
    tipo: c.tipo as TipoReembolso,
    ...(c.codigoTuss.trim() ? { codigoTuss: c.codigoTuss.trim() } : {}),
    dataAtendimento: c.dataAtendimento,
    prestador: {
      documento: doc,
      nome: c.nome,
      ...(profissional && c.conselho ? { conselho: c.conselho as (typeof CONSELHOS)[number] } : {}),
      ...(profissional && c.numeroConselho ? { numeroConselho: c.numeroConselho } : {}),
      ...(profissional && c.ufConselho ? { ufConselho: c.ufConselho as (typeof UFS)[number] } : {}),
    },
    valorPago: reaisDaMascara(c.valor) ?? (undefined as unknown as number),
    numeroRecibo: c.numeroRecibo,
    anexos,
    pagamento:
      c.forma === 'pix'
        ? {
            forma: 'pix',
            tipoChave: c.tipoChave,
            chave: c.tipoChave === 'cpf' || c.tipoChave === 'celular' ? onlyDigits(c.chave) : c.chave,
          }
        : {
            forma: 'conta',
            banco: c.banco,
            agencia: c.agencia,
            conta: c.conta,
            tipoConta: c.tipoConta as 'corrente' | 'poupanca',
          },
  };
}

/** The operator's limit (the server refuses older dates with the same words). */
const ANTIGA_DEMAIS =
  `O reembolso pode ser pedido até ${LIMITES_REEMBOLSO.diasMaximosAtendimento} dias após o atendimento. ` +
  'Para atendimentos mais antigos, fale com a Central de Atendimento.';

/** The oldest date of care a request may have, from today (AAAA-MM-DD). */
export const dataMaisAntiga = (hoje: string) => somarDias(hoje, -LIMITES_REEMBOLSO.diasMaximosAtendimento);

/** The form's own checks (the contract's schema, then what the schema cannot know). */
export function validar(c: Campos, corpo: Corpo, anexos: Anexos, codigoSessao: number): Record<string, string> {
  const erros: Record<string, string> = {};
  const r = solicitarReembolsoRequestSchema.safeParse({ perfilAutenticado: { codigoSessao }, ...corpo });
  if (!r.success) {
    for (const issue of r.error.issues) {
      const campo = issue.path.join('.');
      if (campo === 'anexos') continue;
      erros[campo] ??= issue.message;
    }
  }
  if (!c.tipo) erros.tipo = 'Selecione o tipo de atendimento.';
  if (c.dataAtendimento && c.dataAtendimento > hojeEmSaoPaulo())
    erros.dataAtendimento = 'A data do atendimento não pode ser no futuro.';
  else if (c.dataAtendimento && c.dataAtendimento < dataMaisAntiga(hojeEmSaoPaulo()))
    erros.dataAtendimento = ANTIGA_DEMAIS;
  if (!anexos.documentosEnviados.has('comprovante_pagamento'))
    erros['anexo.comprovante_pagamento'] = 'Anexe o comprovante de pagamento ou o recibo.';
  if (c.tipo && TIPOS_COM_PEDIDO_MEDICO.includes(c.tipo) && !anexos.documentosEnviados.has('pedido_medico'))
    erros['anexo.pedido_medico'] =
      `Anexe o pedido médico: ${ROTULOS_TIPO_REEMBOLSO[c.tipo].toLowerCase()} precisa dele.`;
  if (anexos.enviando) erros.anexos = 'Aguarde o fim do envio dos arquivos.';
  else if (anexos.aguardandoConexao)
    erros.anexos = 'Sem conexão: aguarde a conexão voltar para os arquivos serem enviados.';
  else if (anexos.comErro) erros.anexos = 'Remova ou envie de novo os arquivos que não foram enviados.';
  else if (anexos.ids.length > LIMITES_REEMBOLSO.arquivosPorPedido)
    erros.anexos = `Anexe no máximo ${LIMITES_REEMBOLSO.arquivosPorPedido} arquivos.`;
  return erros;
}

/**
 * What 'Dados para pagamento' starts with (issue 31): the last request's data, or else the holder's
 * own CPF as the PIX key; null when there is nothing to offer.
 */
export function pagamentoOferecido(
  oferta: UltimoPagamentoResponse | null,
): Pick<Campos, 'forma' | 'tipoChave' | 'chave' | 'banco' | 'agencia' | 'conta' | 'tipoConta'> | null {
  const p = oferta?.pagamento;
  if (p?.forma === 'conta') {
    return { ...VAZIO, forma: 'conta', banco: p.banco, agencia: p.agencia, conta: p.conta, tipoConta: p.tipoConta };
  }
  if (p?.forma === 'pix') {
    return {
      ...VAZIO,
      forma: 'pix',
      tipoChave: p.tipoChave,
      chave: p.tipoChave === 'cpf' ? formatCpfParcial(p.chave) : p.chave,
    };
  }
  if (oferta?.cpfTitular) return { ...VAZIO, forma: 'pix', tipoChave: 'cpf', chave: formatCpf(oferta.cpfTitular) };
  return null;
}

/** A CPF key as the member types it, masked. */
export function formatCpfParcial(v: string): string {
  const d = onlyDigits(v).slice(0, 11);
  return d.length === 11 ? formatCpf(d) : d;
}
