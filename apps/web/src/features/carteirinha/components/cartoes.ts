import { formatCns, formatDate } from '@portal/br';
import { carenciasEmCurso, cartaoValidoEm, type CarenciaDoCartao, cptEmCurso } from '@portal/contract/carteirinha';

/**
 * What the digital card shows of one beneficiary — and all this device keeps of it for use
 * without network (decision 0016): no CPF, RG, mother's name or other data the front desk does not
 * ask for.
 */
export interface CartaoDigital {
  numeroCarteirinha: string;
  nome: string;
  nomeSocial: string | null;
  cns: string | null;
  produto: string | null;
  registroAns: string | null;
  segmentacaoAssistencial: string | null;
  acomodacao: string | null;
  /** ISO calendar days. */
  dataContratacao: string | null;
  dataCancelamento: string | null;
  carencias: CarenciaDoCartao[];
  dataFinalCPT: string | null;
}

const texto = (v: unknown): string | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t ? t : null;
};
const dia = (v: unknown): string | null => {
  const t = texto(v);
  return t && /^\d{4}-\d{2}-\d{2}/.test(t) ? t.slice(0, 10) : null;
};

/**
 * One card of ListarCarteirinhas as an operator's API may send it (docs/produto/informacoes.md, "Data": any field may be
 * missing, numbers may come as numbers), reduced to what the card shows. Null without a card number.
 */
export function paraCartaoDigital(recebido: Record<string, unknown>): CartaoDigital | null {
  const numero = texto(recebido.numeroCarteirinha);
  if (!numero) return null;
  const carencias = Array.isArray(recebido.carencias)
    ? recebido.carencias.flatMap((c: unknown) => {
        const x = (c ?? {}) as Record<string, unknown>;
        const descricao = texto(x.descricao);
        const dataFim = dia(x.dataFim);
        return descricao && dataFim ? [{ descricao, dataFim }] : [];
      })
    : [];
  return {
    numeroCarteirinha: numero,
    nome: texto(recebido.nome) ?? 'Beneficiário',
    nomeSocial: texto(recebido.nomeSocial),
    cns: texto(recebido.cns),
    produto: texto(recebido.produto),
    registroAns: texto(recebido.registroAns),
    segmentacaoAssistencial: texto(recebido.segmentacaoAssistencial),
    acomodacao: texto(recebido.acomodacao),
    dataContratacao: dia(recebido.dataContratacao),
    dataCancelamento: dia(recebido.dataCancelamento),
    carencias,
    dataFinalCPT: dia(recebido.dataFinalCPT),
  };
}

/** '1100234001' → '1100 2340 01', as a printed card groups it. */
export function numeroAgrupado(numero: string): string {
  return numero.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export interface LinhaDoCartao {
  rotulo: string;
  /** One line, or one per item (the carências). */
  valor: string | string[];
}

const NAO_INFORMADO = 'Não informado';

/** The lines of the card, in the order a front desk reads them. */
export function linhasDoCartao(c: CartaoDigital, hoje: string): LinhaDoCartao[] {
  const carencias = carenciasEmCurso(c.carencias, hoje);
  return [
    { rotulo: 'CNS', valor: c.cns ? formatCns(c.cns) : NAO_INFORMADO },
    { rotulo: 'Plano', valor: c.produto ?? NAO_INFORMADO },
    { rotulo: 'Registro ANS do produto', valor: c.registroAns ?? NAO_INFORMADO },
    { rotulo: 'Segmentação', valor: c.segmentacaoAssistencial ?? NAO_INFORMADO },
    { rotulo: 'Acomodação', valor: c.acomodacao ?? NAO_INFORMADO },
    { rotulo: 'Início da cobertura', valor: c.dataContratacao ? formatDate(c.dataContratacao) : NAO_INFORMADO },
    {
      rotulo: 'Carências a cumprir',
      valor: carencias.length ? carencias.map((x) => `${x.descricao}: até ${formatDate(x.dataFim)}`) : 'Nenhuma',
    },
    {
      rotulo: 'Cobertura parcial temporária (CPT)',
      valor: cptEmCurso(c.dataFinalCPT, hoje) ? `Até ${formatDate(c.dataFinalCPT)}` : 'Nenhuma',
    },
  ];
}

/** Whether the card covers `hoje` (a card without a start date is taken as running). */
export function cartaoAtivo(c: CartaoDigital, hoje: string): boolean {
  return cartaoValidoEm(
    { dataContratacao: c.dataContratacao ?? '0000-00-00', dataCancelamento: c.dataCancelamento },
    hoje,
  );
}

/** 'salvo em 10/03/2026 às 14:02' — when the card kept on this device was saved. */
export function quandoFoiSalvo(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const data = new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(d);
  const hora = new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    hour: '2-digit',
    minute: '2-digit',
  }).format(d);
  return `${data} às ${hora}`;
}
