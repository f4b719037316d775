import { z } from 'zod';
import { celularSchema, codigoSchema, cpfSchema, senhaSchema } from './comum';

export const tipoSolicitacaoSchema = z.enum(['email', 'celular'], { error: 'Escolha e-mail ou celular.' });
export type TipoSolicitacao = z.infer<typeof tipoSolicitacaoSchema>;

/** POST /api/Login/RecuperarSenha — the code goes to the contact on file; `celular` is ignored. */
export const recuperarSenhaRequestSchema = z.object({
  cpf: cpfSchema,
  tipoSolicitacao: tipoSolicitacaoSchema,
  celular: celularSchema.optional().nullable(),
});
/** POST /api/Login/ValidarTokenRecuperacao — checks the code without using it up. */
export const validarTokenRecuperacaoRequestSchema = z.object({
  cpf: cpfSchema,
  token: codigoSchema,
  tipoSolicitacao: tipoSolicitacaoSchema,
});
/** POST /api/Login/AlterarSenha — needs the validated code again; uses it up. */
export const alterarSenhaRequestSchema = z
  .object({
    cpf: cpfSchema,
    token: codigoSchema,
    senha: senhaSchema,
    confirmacaoSenha: z.string({ error: 'Confirme a senha.' }).max(128),
    tipoSolicitacao: tipoSolicitacaoSchema,
  })
  .refine((b) => b.senha === b.confirmacaoSenha, {
    message: 'As senhas digitadas não são iguais.',
    path: ['confirmacaoSenha'],
  });

export type RecuperarSenhaRequest = z.input<typeof recuperarSenhaRequestSchema>;
export type ValidarTokenRecuperacaoRequest = z.input<typeof validarTokenRecuperacaoRequestSchema>;
export type AlterarSenhaRequest = z.input<typeof alterarSenhaRequestSchema>;

/** The three recovery calls answer 200 { sucesso: true, mensagem } or an error body. */
