import { z } from 'zod';
import { cpfSchema, perfilAutenticadoSchema, senhaLoginSchema } from './comum';

/** POST /api/Login/VerificarCPF */
export const verificarCpfRequestSchema = z.object({ cpf: cpfSchema });
export type VerificarCpfRequest = z.input<typeof verificarCpfRequestSchema>;

/**
 * 200 for a CPF in the operator's base. `email` and `celular` are masked (docs/produto/comum.md, "Data" display helpers),
 * '' when there is none on file. `beneficiario: true` for an active beneficiary and for a former one
 * whose coverage ended less than 5 years ago (decision 0018), alike: both may register (Registro/*,
 * the same contact and code rules) and sign in, a former member to the cancelled profile's view
 * (invoices, IR statements, protocols, LGPD requests), and is told that the plan was cancelled once
 * the code is confirmed (CadastrarSenha) and at sign-in ('Cancelado em …'). Anyone else in the base
 * gets `beneficiario: false` (client: 'Beneficiário não encontrado'). An unknown CPF gets 404 with
 * code CPF_NAO_ENCONTRADO (client: 'CPF não encontrado' + server message).
 */
export const verificarCpfResponseSchema = z.object({
  sucesso: z.boolean(),
  erro: z.string().nullable(),
  beneficiario: z.boolean(),
  nome: z.string(),
  email: z.string(),
  celular: z.string(),
  temContaNoApp: z.boolean(),
  temSenhaCadastrada: z.boolean(),
});
export type VerificarCpfResponse = z.infer<typeof verificarCpfResponseSchema>;

/** POST /api/Login/PerfisDaConta — cpf goes as a number (docs/produto/acesso.md, "Calls"), a string is accepted too. */
export const perfisDaContaRequestSchema = z.object({ cpf: cpfSchema, senha: senhaLoginSchema });
export type PerfisDaContaRequest = z.input<typeof perfisDaContaRequestSchema>;

export const perfilContaSchema = z.object({
  tipoPerfil: z.string(),
  codigoPlano: z.string(),
  codigoContrato: z.string(),
  /** ISO date (yyyy-mm-dd). */
  dataInicioVigencia: z.string(),
  dataCancelamento: z.string().nullable(),
  perfilAutenticado: perfilAutenticadoSchema.nullable(),
  nome: z.string(),
  cpf: z.string(),
  numeroCarteirinha: z.string(),
  coparticipativo: z.boolean(),
});
export type PerfilConta = z.infer<typeof perfilContaSchema>;
/** A wrong password answers 200 with an empty list (docs/produto/acesso.md, "Calls": an empty list is invalid credentials). */
export const perfisDaContaResponseSchema = z.array(perfilContaSchema);

/** POST /api/Login/Autenticar */
export const autenticarRequestSchema = z.object({
  codigoPlano: z.string({ error: 'Informe o plano.' }).min(1).max(40),
  codigoContrato: z.string({ error: 'Informe o contrato.' }).min(1).max(40),
  cpf: cpfSchema,
  senha: senhaLoginSchema,
});
export type AutenticarRequest = z.input<typeof autenticarRequestSchema>;

/**
 * Success sets the HttpOnly session cookie and returns sucesso true with the session code.
 * A wrong password answers 200 { sucesso: false, erro } (client: 'Credenciais incorretas'),
 * so the client never confuses it with an expired API token (401).
 */
export const autenticarResponseSchema = z.object({
  sucesso: z.boolean(),
  erro: z.string().nullable(),
  codigoSessao: z.number().int().nullable(),
  nome: z.string(),
  email: z.string(),
  celular: z.string(),
  tipoPerfil: z.string(),
  /** ISO date. */
  dataNascimento: z.string(),
  codigoBeneficiario: z.string(),
  codigoPlano: z.string(),
  codigoContrato: z.string(),
  /** Permission flag behind docs/produto/comercial.md "Who may use it" 'only the financial responsible can contract'. */
  responsavelFinanceiro: z.boolean(),
  produtos: z.array(z.object({ nome: z.string(), dataInicioVigencia: z.string(), coparticipativo: z.boolean() })),
  beneficiariosAssociados: z.array(
    z.object({ codigoBeneficiario: z.string(), nome: z.string(), padraoConforto: z.string() }),
  ),
  /** Absolute end of the server session (ISO instant); idle expiry is 30 min after the last call. */
  sessaoExpiraEm: z.string().nullable(),
});
export type AutenticarResponse = z.infer<typeof autenticarResponseSchema>;

/** POST /api/Login/Sair — ends the session on the server and clears the cookie. */
export const sairRequestSchema = z.object({ perfilAutenticado: perfilAutenticadoSchema });
export type SairRequest = z.input<typeof sairRequestSchema>;

/**
 * POST /api/Login/RenovarSessao — keeps the server session in step with the browser's: the web app
 * calls it (at most every few minutes) while the member moves the mouse or types, because the
 * browser renews its own 30-minute expiry on activity (docs/produto/acesso.md, "States") and the server only sees API calls.
 */
export const renovarSessaoRequestSchema = z.object({ perfilAutenticado: perfilAutenticadoSchema });
export type RenovarSessaoRequest = z.input<typeof renovarSessaoRequestSchema>;
export const renovarSessaoResponseSchema = z.object({ sucesso: z.literal(true) });
export type RenovarSessaoResponse = z.infer<typeof renovarSessaoResponseSchema>;
