import { formatCns, formatCpfPadded, formatDate, formatRg } from '@portal/br';
import type { Usuario } from '@/lib/sessao';
import type { CarteirinhaRecebida } from '../api/resposta';

/** docs/produto/informacoes.md "Screens", "Data": every empty value of the contract page shows this. */
export const NAO_INFORMADO = 'Não informado';

type Valor = string | number | null | undefined;

export interface Campo {
  rotulo: string;
  /** What the page shows: the formatted value, or 'Não informado'. */
  valor: string;
  informado: boolean;
}

const vazio = (v: Valor): v is null | undefined | '' => v === null || v === undefined || String(v).trim() === '';

const SEXO: Record<string, string> = { m: 'Masculino', f: 'Feminino' };
const ESTADO_CIVIL: Record<string, string> = { s: 'Solteiro(a)', c: 'Casado(a)', d: 'Divorciado(a)', v: 'Viúvo(a)' };

/** docs/produto/informacoes.md "Data": codes m and f show Masculino and Feminino; anything else as it came. */
export function sexoPorExtenso(v: string | number): string {
  const texto = String(v).trim();
  return SEXO[texto.toLowerCase()] ?? texto;
}

/** docs/produto/informacoes.md "Data": codes s, c, d, v show Solteiro(a), Casado(a), Divorciado(a), Viúvo(a); anything else as it came. */
export function estadoCivilPorExtenso(v: string | number): string {
  const texto = String(v).trim();
  return ESTADO_CIVIL[texto.toLowerCase()] ?? texto;
}

/**
 * ISO dates ('1978-04-12', or an instant) as dd/mm/aaaa. Anything else is shown as it came: a
 * date already written '12/04/1978' must not be read the American way.
 */
function data(v: string | number): string {
  const t = String(v).trim();
  return /^\d{4}-\d{2}-\d{2}/.test(t) ? formatDate(t) : t;
}

const texto = (v: string | number) => String(v).trim();

function campo(rotulo: string, v: Valor, formatar: (v: string | number) => string = texto): Campo {
  const valor = vazio(v) ? '' : formatar(v).trim();
  return valor ? { rotulo, valor, informado: true } : { rotulo, valor: NAO_INFORMADO, informado: false };
}

/** Card 'Dados Pessoais' (docs/produto/informacoes.md, "Contract page", fields of docs/produto/informacoes.md "Data"). */
export function dadosPessoais(c: CarteirinhaRecebida): Campo[] {
  return [
    campo('Nome', c.nome),
    campo('CPF', c.cpf, formatCpfPadded),
    campo('Data de Nascimento', c.dataNascimento, data),
    campo('Sexo', c.sexo, sexoPorExtenso),
    campo('Estado Civil', c.estadoCivil, estadoCivilPorExtenso),
    campo('Nome da Mãe', c.nomeMae),
    campo('RG', c.rg, formatRg),
    campo('Órgão Expedidor', c.orgaoExpeditor, (v) => texto(v).toUpperCase()),
    campo('CNS (Cartão Nacional de Saúde)', c.cns, formatCns),
    campo('Título de Eleitor', c.tituloEleitor),
    campo('PIS/PASEP', c.pisPasep),
    campo('Profissão', c.profissao),
  ];
}

/** Card 'Detalhes do Contrato'. */
export function detalhesDoContrato(c: CarteirinhaRecebida): Campo[] {
  return [
    campo('Nº da Carteirinha', c.numeroCarteirinha),
    campo('Nº do Contrato', c.codigoContrato),
    campo('Produto', c.produto),
    campo('Registro ANS do Produto', c.registroAns),
    campo('Tipo de Contrato', c.tipoContrato),
    campo('Segmentação Assistencial', c.segmentacaoAssistencial),
    campo('Acomodação', c.acomodacao),
    campo('Data de Contratação', c.dataContratacao, data),
  ];
}

/**
 * The card data completed with what the login already knows about the member (docs/produto/informacoes.md, "Data" user
 * record): the card wins field by field; the record fills what the card lacks, or everything
 * when the card could not be loaded.
 */
export function comDadosDoLogin(card: CarteirinhaRecebida | null, u: Usuario): CarteirinhaRecebida {
  const login: CarteirinhaRecebida = {
    nome: u.nome,
    cpf: u.cpf,
    dataNascimento: u.dataNascimento,
    sexo: u.sexo,
    estadoCivil: u.estadoCivil,
    nomeMae: u.nomeMae,
    rg: u.rg,
    orgaoExpeditor: u.orgaoEmissorRg,
    cns: u.cartaoNacionalSaude,
    tituloEleitor: u.tituloEleitor,
    pisPasep: u.pisPasep,
    profissao: u.profissao,
    numeroCarteirinha: u.numeroCarteirinha,
    codigoContrato: u.codigoContrato,
    produto: u.produtoContratado,
    tipoContrato: u.tipoContratacao,
    segmentacaoAssistencial: u.segmentacaoAssistencial,
    acomodacao: u.padraoAcomodacao,
    dataContratacao: u.dataContratacao,
  };
  const juntos: CarteirinhaRecebida = { ...login };
  for (const [k, v] of Object.entries(card ?? {}) as [keyof CarteirinhaRecebida, never][]) {
    if (k === 'carencias' || !vazio(v)) juntos[k] = v;
  }
  return juntos;
}
