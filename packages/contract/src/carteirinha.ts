import { z } from 'zod';
import { membroRequest } from './comum';

/** A value the operator may not have on file: null when missing (the web app shows 'Não informado'). */
const opcional = z.string().nullable();

/** A waiting period (carência) of one kind of coverage, and the day it ends (ISO date). */
export const carenciaSchema = z.object({
  descricao: z.string(),
  dataFim: z.string(),
});
export type Carencia = z.infer<typeof carenciaSchema>;

/**
 * One beneficiary's card data (docs/produto/informacoes.md, "Card data"), named as that page names the fields. Dates are
 * ISO calendar days ('2019-03-01'); sexo is 'm' | 'f' and estadoCivil 's' | 'c' | 'd' | 'v' (the
 * web app turns the codes into words). registroAns, carencias and dataFinalCPT are our additions
 * for the digital card (the plan's ANS registration, waiting periods, end of the partial temporary
 * coverage for pre-existing conditions); so are nomeSocial (the name the beneficiary asked to be
 * called by, Decreto 8.727/2016) and dataCancelamento (the day coverage ended: the contract's
 * cancellation or the beneficiary's exclusion; null while it runs) — decision 0016.
 */
export const carteirinhaSchema = z.object({
  cns: opcional,
  acomodacao: z.string(),
  produto: z.string(),
  tipoContrato: z.string(),
  nomeMae: opcional,
  estadoCivil: opcional,
  sexo: opcional,
  rg: opcional,
  orgaoExpeditor: opcional,
  tituloEleitor: opcional,
  profissao: opcional,
  pisPasep: opcional,
  codigoContrato: z.string(),
  numeroCarteirinha: z.string(),
  dataContratacao: z.string(),
  segmentacaoAssistencial: z.string(),
  cpf: z.string(),
  nome: z.string(),
  dataNascimento: opcional,
  registroAns: opcional,
  carencias: z.array(carenciaSchema),
  dataFinalCPT: opcional,
  nomeSocial: opcional,
  dataCancelamento: opcional,
});
export type Carteirinha = z.infer<typeof carteirinhaSchema>;

/**
 * POST /api/Carteirinha/ListarCarteirinhas — the card data of every beneficiary the member may
 * see (a holder or the financial responsible: the whole contract; a dependant: only themself),
 * the member's own card first. docs/produto/informacoes.md "Data": the client reads the first item (or dados[0]).
 */
export const listarCarteirinhasRequestSchema = membroRequest({});
export type ListarCarteirinhasRequest = z.input<typeof listarCarteirinhasRequestSchema>;
export const listarCarteirinhasResponseSchema = z.array(carteirinhaSchema);
export type ListarCarteirinhasResponse = z.infer<typeof listarCarteirinhasResponseSchema>;
